import { authenticate, ENDS_SESSIONS, segment, type Credentials, type HostileRequest, type Random, type Route } from './hostile-requests';

/**
 * The second alphabet's multipart bodies: what the first alphabet keeps well-formed, the parts'
 * own headers and framing. Header names with digits (`X-0: y`, which formidable never settled
 * on), NUL and non-ASCII in names, no colon, a space before it, folded lines, duplicate, absent
 * and nameless Content-Disposition, huge header lines, many headers, parts that are only headers,
 * bare LF line ends, boundaries that are too long, quoted, unused or missing, nested multipart,
 * transfer encodings. Bodies stay small (the point is the parser, not the limits).
 */

const HEADER_LINES = [
  'X-0: y',
  'X0: y',
  '0: y',
  'X-1-2-3: 4',
  'Content-Disposition0: form-data; name="a"',
  'x\u0000y: z',
  '\u0000: z',
  'Ä-Ü: ö',
  ': y',
  'no colon at all',
  'Content-Disposition : form-data; name="a"',
  ' continued: line',
  '\tfolded',
  'Content-Type: text/plain; charset=utf-16',
  'Content-Type: multipart/mixed; boundary=inner',
  'Content-Transfer-Encoding: base64',
  'Content-Transfer-Encoding: quoted-printable',
  'Content-Length: 999999999',
  'Content-Length: -1',
  'Content-Disposition: form-data',
  'Content-Disposition: form-data; name=',
  'Content-Disposition: form-data; name="a\u0000b"',
  'Content-Disposition: form-data; name="a"; name="b"',
  'Content-Disposition: form-data; name="files"; filename="a.jpg"; filename*=UTF-8\'\'%ED%A0%80.jpg',
  'Content-Disposition: attachment; filename="x.jpg"',
  'Content-Disposition: inline',
  'Content-Disposition: form-data; name="__proto__"',
  'Content-Disposition: form-data; name="constructor[prototype][x]"',
  'Content-Disposition: ' + 'form-data; '.repeat(50) + 'name="a"',
  'Content-Disposition: form-data; name="' + 'a'.repeat(300) + '"',
];

const DISPOSITIONS = ['form-data; name="code"', 'form-data; name="description"', 'form-data; name="title"', 'form-data; name="files"; filename="bild.jpg"', 'form-data; name="image"; filename="bild.png"', 'form-data; name="fileInfo"', 'form-data; name="data"'];

/** One part header line, and what it is (for the label). */
function headerLine(random: Random, mayBeLong: boolean): { line: string; what: string } {
  const roll = random.int(12);
  // Long lines only in a part of a few headers: the body stays well below the limits.
  switch (!mayBeLong && (roll === 2 || roll === 3) ? 4 : roll) {
    case 0:
      return { line: `X-${random.int(10)}: y`, what: 'a header name with a digit' };
    case 1:
      return { line: `${random.pick(['X', 'Content', 'A'])}-${'9'.repeat(1 + random.int(8))}: ${random.pick(['y', '', '0', '\u00ff'])}`, what: 'a header name ending in digits' };
    case 2: {
      const length = 1000 + random.int(60_000);
      return { line: `X-Long: ${'v'.repeat(length)}`, what: `a header line of ${length} characters` };
    }
    case 3: {
      const length = 1000 + random.int(60_000);
      return { line: `${'N'.repeat(length)}: v`, what: `a header name of ${length} characters` };
    }
    default: {
      const line = random.pick(HEADER_LINES);
      return { line, what: JSON.stringify(line.slice(0, 80)) };
    }
  }
}

/** A boundary for the Content-Type header, and the one the body uses (usually the same). */
function boundaries(random: Random): { declared: string; used: string; what: string } {
  const plain = `fz${random.int(1e9)}`;
  switch (random.int(14)) {
    case 0:
      return { declared: `"${plain}"`, used: plain, what: 'a quoted boundary' };
    case 1:
      return { declared: 'b'.repeat(71 + random.int(200)), used: 'b'.repeat(71), what: 'a boundary over 70 characters, cut in the body' };
    case 2:
      return { declared: plain, used: `${plain}x`, what: 'a boundary the body never uses' };
    case 3:
      return { declared: `${plain} `, used: plain, what: 'a boundary with a trailing space' };
    case 4:
      return { declared: '', used: plain, what: 'an empty boundary' };
    case 5:
      return { declared: `${plain}; boundary=other`, used: plain, what: 'two boundaries' };
    case 6:
      return { declared: 'a'.repeat(1 + random.int(3)), used: 'a', what: 'a boundary that is part of the content' };
    case 7:
      return { declared: `${plain}\u00e4`, used: `${plain}\u00e4`, what: 'a non-ASCII boundary' };
    default:
      return { declared: plain, used: plain, what: 'boundary ok' };
  }
}

/** A multipart body whose parts' headers and framing are hostile, and the Content-Type that goes with it. */
export function multipartHeaders(random: Random): { body: Buffer; type: string; label: string } {
  const { declared, used, what: boundaryWhat } = boundaries(random);
  const eol = random.chance(0.2) ? '\n' : random.chance(0.1) ? '\r' : '\r\n';
  const lineEnds = eol === '\r\n' ? 'CRLF' : eol === '\n' ? 'LF' : 'CR';
  const told: string[] = [boundaryWhat, lineEnds];
  const chunks: string[] = [];
  if (random.chance(0.1)) {
    chunks.push(`preamble ${'p'.repeat(random.int(2000))}${eol}`);
    told.push('a preamble');
  }
  const parts = random.chance(0.1) ? 200 + random.int(800) : 1 + random.int(4);
  if (parts > 5) told.push(`${parts} parts`);
  for (let index = 0; index < parts; index++) {
    chunks.push(`--${used}${eol}`);
    const headers: string[] = [];
    const hostile = index === 0 || random.chance(0.3);
    const dispositions = hostile ? random.pick([0, 1, 1, 1, 2]) : 1;
    for (let each = 0; each < dispositions; each++) headers.push(`Content-Disposition: ${random.pick(DISPOSITIONS)}`);
    if (hostile) {
      if (dispositions !== 1) told.push(dispositions === 0 ? 'no Content-Disposition' : 'two Content-Dispositions');
      const count = parts <= 5 && random.chance(0.1) ? 100 + random.int(3000) : 1 + random.int(3);
      for (let each = 0; each < count; each++) {
        const { line, what } = headerLine(random, count <= 3 && parts <= 5);
        headers.splice(random.int(headers.length + 1), 0, line);
        if (each < 2) told.push(what);
      }
      if (count > 2) told.push(`${count} header lines in a part`);
    }
    chunks.push(headers.join(eol));
    if (hostile && random.chance(0.15)) {
      told.push('a part that is only headers');
      chunks.push(eol);
      continue;
    }
    chunks.push(`${eol}${eol}${random.pick(['x', '1', 'ABCDE-FGHJK', '', 'ä🐺', '\u0000'])}${eol}`);
  }
  if (!random.chance(0.15)) chunks.push(`--${used}--${eol}`);
  else told.push('no closing boundary');
  if (random.chance(0.05)) {
    chunks.push(`epilogue ${'e'.repeat(random.int(2000))}`);
    told.push('an epilogue');
  }
  const body = Buffer.from(chunks.join(''), 'utf8');
  const type = random.chance(0.05) ? `multipart/form-data;boundary=${declared};charset=utf-8` : `multipart/form-data; boundary=${declared}`;
  const preview = JSON.stringify(body.toString('utf8').slice(0, 200));
  return { body, type, label: `multipart part headers: ${told.join(', ')}; body begins ${preview}` };
}

/** Where multipart bodies are read: our calls that take forms or files, Strapi's upload and sign-in. */
const MULTIPART_READERS = ['/api/auth/verify-code', '/api/shop/orders', '/api/admin/shop/items', '/api/admin/login', '/api/admin/import/users', '/cms/upload', '/cms/api/auth/local', '/api/upload', '/cms/admin/login'];

/** A multipart body with hostile part headers, to a call that reads multipart or to any listed write. */
export function multipartHeaderRequest(random: Random, routes: readonly Route[], uids: readonly string[], credentials: Credentials): HostileRequest {
  const writes = routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
  const route = random.chance(0.5) || writes.length === 0 ? { method: 'POST', path: random.pick(MULTIPART_READERS) } : random.pick(writes);
  const path = route.path.replace(/:\w+(\([^)]*\))?\??|\(\.\*\)|\*/g, () => segment(random, uids));
  const { body, type, label } = multipartHeaders(random);
  const headers: Record<string, string> = { 'content-type': type };
  const who = ENDS_SESSIONS.test(route.path) ? 'anonymous' : authenticate(random, credentials, headers);
  const chunked = random.chance(0.1);
  return { label: `${route.method} ${path.slice(0, 120)} as ${who} (${label}; ${body.length} bytes${chunked ? ' chunked' : ''})`, method: route.method, path, headers, body, chunked, who };
}
