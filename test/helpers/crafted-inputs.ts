/**
 * Inputs built to make the sanitiser work hardest: each unit is repeated to the size under test.
 * Every unit opens something a rule reacts to (a trigger word, an operator, a prefix, an escape)
 * without finishing it, so a rule that reads ahead from each trigger, or searches the rest of
 * the text for an end, costs the square of the length. Shared by the growth test and `npm run
 * bench`.
 */
export const CRAFTED_UNITS: Readonly<Record<string, string>> = {
  'select ': 'select ',
  'a:': 'a:',
  '/home/': '/home/',
  'base64 run': 'QWxhZGRpbjpvcGVuIHNlc2FtZQ',
  Zm9v: 'Zm9v',
  'at ': 'at ',
  'at x (': 'at x (',
  'V8 frame': 'at f (/a.js:1:2)\n',
  'File "': 'File "',
  'Error: ': 'Error: ',
  'eyJ.': 'eyJhbGci.',
  'sk-': 'sk-',
  ghp_: 'ghp_',
  'xoxb-': 'xoxb-',
  AKIA: 'AKIA',
  'Bearer ': 'Bearer ',
  'password=': 'password=',
  'KEY=': 'KEY=',
  'token: ': 'token: ',
  '"password": "': '"password": "',
  '<password>': '<password>',
  'A_B=': 'A_B=',
  'Server=x;': 'Server=x;',
  'host=': 'host=',
  "host='a', ": "host='a', ",
  '10.0.0.': '10.0.0.',
  '[fd00::1]:': '[fd00::1]:',
  '::': '::',
  'svc:80': 'svc:80',
  '-----BEGIN ': '-----BEGIN ',
  'PEM header': '-----BEGIN RSA PRIVATE KEY-----',
  '://': '://',
  'http://a': 'http://a',
  'x.internal': 'x.internal',
  '%2F': '%2F',
  '\\/': '\\/',
  '\\\\n': '\\\\n',
  '\\u002F': '\\u002F',
  '-u ': '-u ',
  'data:': 'data:\n  ',
  'Caused by: ': 'Caused by: ',
  'at f (a(b)': 'at f (a(b)',
  '1: a::b': '  1: a::b\n',
  '#0 a (package:': '#0 a (package:',
  'Msg 1, Level 1, State 1': 'Msg 1, Level 1, State 1\n\t',
  '(cost=1.00..2.00 rows=1': '(cost=1.00..2.00 rows=1',
  "Table 'a' does": "Table 'a' does",
  '- name: A\n  value:': '- name: A\n  value:',
  'Key: A, Value: ': 'Key: A, Value: ',
  '--password ': '--password ',
  'key ': 'key ',
  'mysql -p': 'mysql -p',
  'u:p@tcp(': 'u:p@tcp(',
  'a/b@': 'a/b@',
  '${': '${',
  '@': '@',
  'a ': 'a ',
};

/** `unit` repeated and cut to exactly `length` characters. */
export function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}
