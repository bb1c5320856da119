#!/usr/bin/env node
// Builds data/regex/ecma_patterns.json, the expected results of the differential test of the
// ECMA-262 pattern translation (tests/unit/schema_regex_corpus_test.cpp): for each pattern,
// whether Node's RegExp compiles it with the `u` flag and without it, and for strings made to
// exercise it, whether each mode finds a match. The test then needs no Node.
//
//   node scripts/gen_regex_corpus.js SCHEMASTORE_JSON_DIR > data/regex/ecma_patterns.json
//
// SCHEMASTORE_JSON_DIR: src/schemas/json/ of a SchemaStore/schemastore checkout; every
// `pattern` and `patternProperties` name in its schemas is taken, with the hand-written
// patterns below (Annex B's syntax, class escapes, the corners where ECMA-262 and PCRE2
// differ). The strings are random but seeded: the output is the same on every run.
'use strict';
const fs = require('fs');
const path = require('path');

const handWritten = [
  // Class escapes inside classes, negated and not.
  '^[\\s\\S]*$', '[\\S]', '^[^\\S]+$', '[\\D]', '[^\\D]', '[\\W\\d]', '^[\\s\\w]+$', '[^\\s\\S]', '[\\S\\s]+x',
  '^[\\S-]+$', '^[-\\S]+$', '^[\\w-]+$', '^[\\w-.]+$', '^[a\\-z]+$',
  // Annex B: identity escapes, escapes that fall back to literals, octal escapes.
  '\\&', '\\%', '^\\/$', '\\-', 'a\\-b', '\\a', '\\e', '\\z', '\\q', '\\y', '\\_', '\\#', '\\ ', '\\@', '\\:', '\\é',
  '^\\c$', '\\c1', '[\\c1]', '[\\c_]', '\\x4', '\\x', '\\xg1', '\\u12', '\\u', '\\u{41}', '^\\u{2}$',
  '\\0', '\\01', '\\012', '\\8', '\\9', '(a)\\1', '(a)\\2', '\\1(a)', '(a)\\10', '\\k', '\\k<x>', '(?<x>a)\\k<x>',
  // Braces and brackets that are not quantifiers or classes.
  'a{', 'a{1', 'a{1,', 'a{,2}', '{', '}', ']', 'a}', '^x{2}$', '^x{2,}$', '^x{2,3}$', 'x{3,2}',
  // Ranges next to class escapes, and odd ranges.
  '[\\w-a]', '[a-\\d]', '[\\s-\\d]', '[%--]', '[--0]', '[a-]', '[-a]', '[\\b]', '[\\B]', '[z-a]',
  // Quantified assertions, lazy and nothing-to-repeat.
  '(?=a)*b', '(?!a)+b', '^*', 'a**', 'a+?b', 'a??', '*a', 'a{2}+', 'a++', '(?<=a)b', '(?<!a)b',
  // Unicode properties and what they look like without the `u` flag.
  '^\\p{L}+$', '\\p{Lu}', '\\P{L}', '\\p{Script=Greek}', '\\p', '\\p{', '\\p{Foo}',
  // Dots, anchors and line terminators; astral characters.
  '^.$', '^..$', '^a$', 'a$', '^\\w+$', '\\bfoo\\b', '^[😀]$', '^😀+$', '[^a]', '^[^😀]$',
  // Groups PCRE2 has and ECMA-262 does not.
  '(?i)a', '(?P<n>a)', '(?#c)', '(?>a)', '(?|a)', 'a\\Z', '\\A', '\\Qa\\E', '\\h', '\\R', '\\X', '[[:alpha:]]',
  '[a', 'a\\', '(a', 'a)', '(?', '(?:', '()', '(|)', '|', '',
];

// ---- seeded random numbers (mulberry32) ----
let seed = 0x9e3779b9;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

// Characters that matter to ECMA-262 patterns: ASCII classes, Unicode spaces and line
// terminators, letters beyond ASCII, an astral character, a NUL.
const noise = ['a', 'z', 'A', 'Z', '0', '9', '_', '-', '.', ' ', '\t', '\n', '\r', '/', '@', ':', '\u00a0', '\u2028',
               '\u3000', '\ufeff', '\u00e9', '\u03b1', '\u212a', '\u0663', '😀', '\u0000', '{', '}', '[', ']', '\\'];

// ---- strings that a pattern matches, roughly: a random walk over its syntax ----
// Not a parser of ECMA-262: it guesses, and Node decides what each string actually does.
function sampleOf(pattern) {
  let i = 0;
  const classChars = () => {
    const chars = [];
    let negated = false;
    if (pattern[i] === '^') { negated = true; i++; }
    while (i < pattern.length && pattern[i] !== ']') {
      let c = pattern[i++];
      if (c === '\\' && i < pattern.length) {
        const e = pattern[i++];
        c = { d: '7', w: 'q', s: ' ', D: 'x', W: '!', S: 'k', n: '\n', t: '\t' }[e] || e;
      }
      if (pattern[i] === '-' && pattern[i + 1] && pattern[i + 1] !== ']') {
        i++;
        let to = pattern[i++];
        if (to === '\\') to = pattern[i++] || to;
        const lo = c.codePointAt(0), hi = to.codePointAt(0);
        if (hi >= lo) chars.push(String.fromCodePoint(lo + Math.floor(random() * (hi - lo + 1))));
        continue;
      }
      chars.push(c);
    }
    i++;
    if (negated || chars.length === 0) return pick(noise);
    return pick(chars);
  };
  const atom = () => {
    const c = pattern[i++];
    if (c === '[') return classChars();
    if (c === '(') {
      if (pattern[i] === '?') {
        i++;
        if (pattern[i] === '<' && pattern[i + 1] !== '=' && pattern[i + 1] !== '!') {
          while (i < pattern.length && pattern[i] !== '>') i++;
          i++;
        } else if (pattern[i] === ':') {
          i++;
        } else {  // a lookaround: walked, left out
          i += pattern[i] === '<' ? 2 : 1;
          alternatives();
          i++;
          return '';
        }
      }
      const s = alternatives();
      i++;
      return s;
    }
    if (c === '.') return pick(noise.filter((x) => x !== '\n' && x !== '\r' && x !== '\u2028'));
    if (c === '^' || c === '$') return '';
    if (c === '\\') {
      const e = pattern[i++] || '\\';
      if (e === 'u' && pattern[i] === '{') {
        const close = pattern.indexOf('}', i);
        const cp = parseInt(pattern.slice(i + 1, close), 16);
        i = close + 1;
        return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
      }
      if (e === 'u' && /^[0-9a-fA-F]{4}/.test(pattern.slice(i))) {
        i += 4;
        return String.fromCharCode(parseInt(pattern.slice(i - 4, i), 16));
      }
      if (e === 'x' && /^[0-9a-fA-F]{2}/.test(pattern.slice(i))) {
        i += 2;
        return String.fromCharCode(parseInt(pattern.slice(i - 2, i), 16));
      }
      if (e === 'p' || e === 'P') {
        if (pattern[i] === '{') i = pattern.indexOf('}', i) + 1 || pattern.length;
        return e === 'p' ? pick(['a', 'Z', '\u00e9', '\u03b1']) : '1';
      }
      return { d: pick(['0', '5', '9']), w: pick(['a', 'Z', '_', '3']), s: pick([' ', '\t', '\u00a0']), D: 'x',
               W: '-', S: 'k', n: '\n', t: '\t', r: '\r', b: '', B: '' }[e] ?? e;
    }
    return c;
  };
  // How many times the quantifier at i (if any) repeats its atom; i moves past it.
  const times = () => {
    const q = pattern[i];
    let low = 1, high = 1;
    if (q === '*') { low = 0; high = 3; i++; }
    else if (q === '+') { low = 1; high = 3; i++; }
    else if (q === '?') { low = 0; high = 1; i++; }
    else if (q === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m) {
        low = Math.min(parseInt(m[1], 10), 40);
        high = m[2] ? (m[3] ? Math.min(parseInt(m[3], 10), low + 3) : low + 2) : low;
        i += m[0].length;
      }
    }
    if (pattern[i] === '?') i++;
    return low + Math.floor(random() * (Math.max(high, low) - low + 1));
  };
  const sequence = () => {
    let out = '';
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      const start = i;
      let s = atom();
      const n = times();
      if (n !== 1) {  // each repetition of a class or group picks anew
        const after = i;
        s = '';
        for (let k = 0; k < n; k++) {
          i = start;
          s += atom();
        }
        i = after;
      }
      out += s;
    }
    return out;
  };
  const alternatives = () => {
    const options = [sequence()];
    while (pattern[i] === '|') {
      i++;
      options.push(sequence());
    }
    return pick(options);
  };
  try {
    let s = '';
    for (let guard = 0; i < pattern.length && guard < 100; guard++) {
      s += alternatives();
      if (pattern[i] === ')' || pattern[i] === '|') i++;
    }
    return s.length > 400 ? s.slice(0, 400) : s;
  } catch (e) {
    return '';
  }
}

function mutated(s) {
  const chars = [...s];
  const at = Math.floor(random() * (chars.length + 1));
  switch (Math.floor(random() * 3)) {
    case 0: chars.splice(at, 1); break;
    case 1: chars.splice(at, 0, pick(noise)); break;
    default: chars.splice(at, 1, pick(noise));
  }
  return chars.join('');
}

function stringsFor(pattern) {
  const strings = new Set(['']);
  for (let k = 0; k < 4; k++) {
    const s = sampleOf(pattern);
    strings.add(s);
    strings.add(mutated(s));
    strings.add(mutated(mutated(s)));
  }
  for (let k = 0; k < 3; k++) {
    let s = '';
    const length = Math.floor(random() * 8);
    for (let j = 0; j < length; j++) s += pick(noise);
    strings.add(s);
  }
  // (UTF-8 has no lone surrogates: JSON Schema's strings are Unicode text)
  return [...strings].filter((s) => s.isWellFormed());
}

function compiled(pattern, flags) {
  try {
    return new RegExp(pattern, flags);
  } catch (e) {
    return null;
  }
}

function collectPatterns(dir) {
  const patterns = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'pattern' && typeof x === 'string') patterns.add(x);
      if (k === 'patternProperties' && x && typeof x === 'object' && !Array.isArray(x)) Object.keys(x).forEach((p) => patterns.add(p));
      walk(x);
    }
  };
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    try {
      walk(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
    } catch (e) {
      // (a few of SchemaStore's files are JSON5 or not schemas)
    }
  }
  return [...patterns].sort();
}

const fromSchemaStore = process.argv[2] ? collectPatterns(process.argv[2]) : [];
const all = [...new Set([...handWritten, ...fromSchemaStore])];
const cases = all.map((pattern) => {
  const u = compiled(pattern, 'u');
  const legacy = compiled(pattern, '');
  const strings = u || legacy ? stringsFor(pattern) : [];
  const bits = (re) => (re ? strings.map((s) => (re.test(s) ? '1' : '0')).join('') : null);
  return { pattern, strings, u: bits(u), legacy: bits(legacy) };
});
process.stdout.write('[\n' + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]\n');
