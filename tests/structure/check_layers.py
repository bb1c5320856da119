#!/usr/bin/env python3
"""Dependencies point downwards only (docs/ARCHITECTURE.md): every #include of the library's
sources and public headers goes to its own layer or one below. Prints each include that goes
up or sideways and exits 1 if there is one. Usage: check_layers.py PROJECT_DIR"""
import os
import re
import sys

# The layers, lowest first; a layer may include its own and lower ranks only. Layers of one
# rank are siblings that do not see each other.
# The DOM sits on the type model: its types carry their converters.
RANKS = {
    'common': 0,
    'text': 1,
    'model': 2,
    'dom': 3,
    'engines/interp': 4, 'edit': 4,
    'engines/jit': 5,
    'serializer': 6, 'schema': 6,
    'stream': 7, 'query': 7,
    'library': 8,  # src/version.cpp, include/jsonjit/jsonjit.hpp: the whole library
}

# Public headers (include/jsonjit/, without the extension) by layer.
PUBLIC = {
    'detail/export': 'common',
    'error': 'text', 'output': 'text', 'input': 'text', 'writer': 'text', 'reader': 'text',
    'transcode': 'text', 'version': 'text', 'detail/bit_stack': 'text',
    'document': 'dom', 'node': 'dom', 'detail/tape': 'dom', 'lines': 'dom',
    'pointer': 'edit', 'patch': 'edit', 'path': 'query',
    'type_model': 'model', 'meta': 'model', 'converter': 'model', 'serializer_options': 'model',
    'engine': 'model', 'chrono': 'model', 'uuid': 'model', 'detail/describe': 'model',
    'detail/reflect': 'model', 'detail/reflect_enum': 'model', 'detail/tie_members': 'model',
    'jit': 'engines/jit',
    'serializer': 'serializer', 'compiled': 'serializer',
    'schema': 'schema',
    'stream': 'stream', 'buffer_pool': 'stream', 'io': 'stream', 'stream_serializer': 'stream',
    'elements': 'stream', 'asio': 'stream',
    'jsonjit': 'library',
}


def layer_of_source(relative):
    """The layer of a file under src/ (its path relative to src/)."""
    parts = relative.split('/')
    if len(parts) == 1:
        return 'library'
    if parts[0] == 'engines':
        return 'engines/' + parts[1]
    return parts[0]


def main(project):
    src = os.path.join(project, 'src')
    include = os.path.join(project, 'include')
    files = []
    for base, kind in ((src, 'src'), (os.path.join(include, 'jsonjit'), 'include')):
        for directory, _, names in os.walk(base):
            for name in names:
                if name.endswith(('.cpp', '.hpp')):
                    files.append((os.path.join(directory, name), kind))
    problems = []
    unknown = set()
    for path, kind in sorted(files):
        if kind == 'src':
            layer = layer_of_source(os.path.relpath(path, src))
        else:
            key = os.path.relpath(path, os.path.join(include, 'jsonjit'))[:-len('.hpp')]
            layer = PUBLIC.get(key)
            if layer is None:
                unknown.add(key)
                continue
        with open(path, encoding='utf-8', errors='replace') as f:
            for number, line in enumerate(f, 1):
                m = re.match(r'\s*#\s*include\s+[<"]([^>"]+)[>"]', line)
                if not m:
                    continue
                target = m.group(1)
                if target.startswith('jsonjit/') and target.endswith('.hpp'):
                    key = target[len('jsonjit/'):-len('.hpp')]
                    to = PUBLIC.get(key)
                    if to is None:
                        unknown.add(key)
                        continue
                elif os.path.exists(os.path.join(src, target)):
                    to = layer_of_source(target)
                else:
                    continue  # the standard library, a dependency, a generated file
                if to != layer and RANKS[to] >= RANKS[layer]:
                    problems.append(f'{os.path.relpath(path, project)}:{number}: {layer} includes {target} ({to})')
    for key in sorted(unknown):
        problems.append(f'include/jsonjit/{key}.hpp: no layer (add it to {os.path.basename(__file__)})')
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
