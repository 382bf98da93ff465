import { describe, expect, it } from 'vitest';
import { settleMultipartParserErrors, strapisFormidable } from '../../src/http/multipart-parser';

type Parser = NodeJS.WritableStream & { initWithBoundary(boundary: string): void; on(event: string, listener: (...args: unknown[]) => void): Parser };

/** What formidable's multipart parser does with a body: 'error' with its httpCode, 'settled' when it reached the body's end, or 'waiting' after 300 ms. */
function outcomeOf(body: string) {
  const formidable = strapisFormidable() as unknown as { MultipartParser: new () => Parser };
  const parser = new formidable.MultipartParser();
  parser.initWithBoundary('B');
  return new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('waiting'), 300);
    parser.on('error', (error) => {
      clearTimeout(timer);
      resolve(`error ${(error as { httpCode?: number }).httpCode}`);
    });
    // formidable reads a body's end from the parser's 'end' item (its stream never ends: formidable issue 878).
    parser.on('data', (item) => {
      if ((item as { name: string }).name !== 'end') return;
      clearTimeout(timer);
      resolve('settled');
    });
    parser.end(Buffer.from(body));
  });
}

const WELL_FORMED = '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--B--\r\n';
// Bytes formidable 2's parser cannot take: a digit in a header's name, an empty name, a header line ending in a bare CR.
const MALFORMED = [
  '--B\r\nX-0: y\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--B--',
  '--B\r\n: y\r\n\r\nx\r\n--B--',
  '--B\r\nContent-Disposition: form-data; name="a"\rX\n\r\nx\r\n--B--',
];

describe("formidable 2's multipart parser (docs/decisions/009, 032)", () => {
  it('as shipped, never settles on a part header it cannot read', async () => {
    // When this fails, formidable settles by itself: multipart-parser.ts can go.
    for (const body of MALFORMED) expect(await outcomeOf(body), JSON.stringify(body)).toBe('waiting');
  });

  it('refuses such a body with a 400 once settled, and still reads a well-formed one', async () => {
    settleMultipartParserErrors();
    settleMultipartParserErrors(); // twice (two Strapi instances in one process): wrapped once
    for (const body of MALFORMED) expect(await outcomeOf(body), JSON.stringify(body)).toBe('error 400');
    expect(await outcomeOf(WELL_FORMED)).toBe('settled');
  });
});
