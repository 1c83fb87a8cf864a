import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { strictUtf8, withoutBom } from '../../../src/domain/mis-comprobantes/encoding';
import { type DecodedSource, MAX_UPLOAD_BYTES, openExport, type Spooled, spool } from '../../../src/domain/mis-comprobantes/source';
import { MAX_RATIO, MAX_UNZIPPED_BYTES, zipRefusal } from '../../../src/domain/mis-comprobantes/zip-limits';
import { zipOf } from '../../support/zip';

/**
 * An upload spooled to disk, unzipped when it is the portal's ZIP, decoded by its header's titles (ARCA "Mis
 * Comprobantes" export: UTF-8 from the portal; Excel re-saves in windows-1252 or DOS code page 850, as the sample files
 * under test/fixtures/issued-vouchers show), never imported with columns it cannot name.
 */

const fixture = (folder: string, name: string) => readFileSync(join(__dirname, '../../fixtures', folder, name));
const G2_HEADER =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';
const ROW = '2025-12-01;1;3;101;101;75481234500011;80;30715551248;PANADERÍA LA ESPAÑOLA S.R.L.;1,00;$;1000,00;0,00;0,00;0,00;210,00;1210,00';

const spooledFiles: Spooled[] = [];
async function spoolOf(content: Buffer | Buffer[], maxBytes?: number): Promise<Spooled> {
  const spooled = await spool(Readable.from(Array.isArray(content) ? content : [content]), maxBytes);
  spooledFiles.push(spooled);
  return spooled;
}
afterAll(() => Promise.all(spooledFiles.map((spooled) => spooled.dispose())));

async function textOf(source: DecodedSource): Promise<string> {
  let text = '';
  for await (const piece of source.text) text += piece;
  return text;
}

async function opened(content: Buffer, direction: 'received' | 'issued' = 'received') {
  return openExport(await spoolOf(content), direction);
}

describe('spooling an upload', () => {
  test('the upload is copied to a private file, with its size and SHA-256; dispose removes it', async () => {
    const content = Buffer.from(`${G2_HEADER}\n${ROW}\n`);
    const spooled = await spool(Readable.from([content.subarray(0, 10), content.subarray(10)]));
    expect(spooled.size).toBe(content.length);
    expect(spooled.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(readFileSync(spooled.path)).toEqual(content);
    expect(statSync(spooled.path).mode & 0o777).toBe(0o600);
    await spooled.dispose();
    expect(existsSync(dirname(spooled.path))).toBe(false);
    // Disposing again is harmless.
    await expect(spooled.dispose()).resolves.toBeUndefined();
  });

  test('up to the limit it is taken; a byte past it is 413 and nothing stays on disk', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    const exact = await spoolOf(Buffer.alloc(2048), 2048);
    expect(exact.size).toBe(2048);
    const error = await spool(Readable.from([Buffer.alloc(1024), Buffer.alloc(1025)]), 2048).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 413, message: `the file is larger than ${2048 / 1024 / 1024} MB` });
  });

  test('the default limit is named in megabytes', async () => {
    const huge = Readable.from(
      (function* () {
        for (let i = 0; i <= 20; i++) yield Buffer.alloc(1024 * 1024);
      })(),
    );
    await expect(spool(huge)).rejects.toMatchObject({ status: 413, message: 'the file is larger than 20 MB' });
  });

  test("the upload layer's own 413 is the same refusal", async () => {
    const cut = new Readable({
      read() {
        this.destroy(Object.assign(new Error('File truncated as it exceeds the size limit'), { status: 413 }));
      },
    });
    await expect(spool(cut, 1024 * 1024)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'the file is larger than 1 MB' });
  });

  test('a stream that fails otherwise is its own error', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(spool(failing)).rejects.toThrow('connection reset');
  });
});

describe('encodings', () => {
  test('a byte order mark is dropped; other bytes are kept', () => {
    expect(withoutBom(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual(Buffer.from('A'));
    expect(withoutBom(Buffer.from([0xef, 0xbb, 0x41]))).toEqual(Buffer.from([0xef, 0xbb, 0x41]));
    expect(withoutBom(Buffer.from([0xef, 0xbb]))).toEqual(Buffer.from([0xef, 0xbb]));
    expect(withoutBom(Buffer.from([0x41, 0xbb, 0xbf]))).toEqual(Buffer.from([0x41, 0xbb, 0xbf]));
    expect(withoutBom(Buffer.from([0xef, 0x41, 0xbf]))).toEqual(Buffer.from([0xef, 0x41, 0xbf]));
  });

  test('strict UTF-8 up to the last complete line; null when a byte is not UTF-8', () => {
    // "Número" then the first byte of "É" (C3 89) cut at the head's end.
    expect(strictUtf8(Buffer.concat([Buffer.from('Número\nN'), Buffer.from([0xc3])]))).toBe('Número\n');
    expect(strictUtf8(Buffer.from('sin salto'))).toBe('sin salto');
    expect(strictUtf8(iconv.encode('Número\n', 'windows-1252'))).toBeNull();
  });

  test('the portal’s UTF-8, with or without a byte order mark', async () => {
    const content = `${G2_HEADER}\n${ROW}\n`;
    const plain = await opened(Buffer.from(content));
    expect(plain).toMatchObject({ encoding: 'utf8', layout: { name: 'G2', headerLine: 0 } });
    expect(await textOf(plain)).toBe(content);
    const marked = await opened(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(content)]));
    expect(marked.encoding).toBe('utf8');
    expect(await textOf(marked)).toBe(content);
  });

  test('an Excel re-save in windows-1252 (anon-g1xl-emitidos-2020-09-b-latin1.csv)', async () => {
    const bytes = fixture('issued-vouchers', 'anon-g1xl-emitidos-2020-09-b-latin1.csv');
    const source = await opened(bytes, 'issued');
    expect(source).toMatchObject({ encoding: 'windows-1252', layout: { name: 'G1', headerLine: 1, titleCuit: '27990079191' } });
    expect(await textOf(source)).toBe(iconv.decode(bytes, 'windows-1252'));
  });

  test('an Excel re-save in DOS code page 850 (anon-g1xl-emitidos-2020-09-a-cp850.csv)', async () => {
    const bytes = fixture('issued-vouchers', 'anon-g1xl-emitidos-2020-09-a-cp850.csv');
    const source = await opened(bytes, 'issued');
    expect(source.encoding).toBe('cp850');
    expect(await textOf(source)).toBe(iconv.decode(bytes, 'cp850'));
  });

  test('a file longer than the head read to find the header is decoded whole, a character cut between chunks included', async () => {
    const rows = Array.from({ length: 1500 }, () => ROW).join('\n');
    const content = Buffer.from(`${G2_HEADER}\n${rows}\n`);
    expect(content.length).toBeGreaterThan(64 * 1024 * 2);
    const source = await opened(content);
    expect(await textOf(source)).toBe(content.toString('utf8'));
  });

  test('a file cut inside its last character keeps what is left of it (a replacement character), never drops it', async () => {
    const content = Buffer.concat([Buffer.from(`${G2_HEADER}\n${ROW}\nÑ`), Buffer.from([0xc3])]);
    const source = await opened(content);
    expect(await textOf(source)).toBe(`${G2_HEADER}\n${ROW}\nÑ\ufffd`);
  });

  test('a file none of the encodings explains is refused UNKNOWN_LAYOUT naming the expected titles', async () => {
    const error = await opened(Buffer.from('a;b;c\n1;2;3\n')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'UNKNOWN_LAYOUT',
      message: expect.stringMatching(/^not a Mis Comprobantes Recibidos export: expected a header with the columns Fecha de Emisión, /),
    });
    expect((error as { details: unknown }).details).toEqual([{ path: 'file', message: (error as Error).message }]);
  });

  test('an export of the other direction is refused WRONG_EXPORT', async () => {
    const error = await opened(Buffer.from(`${G2_HEADER}\n${ROW}\n`), 'issued').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'WRONG_EXPORT', message: expect.stringMatching(/^this is an export of received vouchers/) });
    expect((error as { details: unknown }).details).toEqual([{ path: 'file', message: (error as Error).message }]);
  });

  test('an empty file is unknown', async () => {
    await expect(opened(Buffer.alloc(0))).rejects.toMatchObject({ code: 'UNKNOWN_LAYOUT' });
  });
});

describe("the portal's ZIP", () => {
  const csv = Buffer.from(`${G2_HEADER}\n${ROW}\n`);

  test('its one CSV is read (a folder entry beside it is no file)', async () => {
    const source = await opened(zipOf([['comprobantes.csv', csv]]));
    expect(source.layout.name).toBe('G2');
    expect(await textOf(source)).toBe(csv.toString('utf8'));
    const withFolder = await opened(
      zipOf([
        ['carpeta/', Buffer.alloc(0)],
        ['carpeta/comprobantes.csv', csv],
      ]),
    );
    expect(await textOf(withFolder)).toBe(csv.toString('utf8'));
  });

  test('two files, or none, are refused BAD_ZIP', async () => {
    await expect(
      opened(
        zipOf([
          ['a.csv', csv],
          ['b.csv', csv],
        ]),
      ),
    ).rejects.toMatchObject({
      code: 'BAD_ZIP',
      message: 'the ZIP must hold exactly one CSV file; it holds 2 files',
      details: [{ path: 'file', message: 'the ZIP must hold exactly one CSV file; it holds 2 files' }],
    });
    await expect(opened(zipOf([['carpeta/', Buffer.alloc(0)]]))).rejects.toMatchObject({ message: 'the ZIP must hold exactly one CSV file; it holds 0 files' });
  });

  test('a ZIP that unpacks to far more than it holds is refused as a bomb', async () => {
    // A megabyte of zeros deflates to about a kilobyte: a ratio near 1,000.
    await expect(opened(zipOf([['comprobantes.csv', Buffer.alloc(1024 * 1024)]]))).rejects.toMatchObject({
      code: 'BAD_ZIP',
      message: 'the ZIP unpacks to far more than a voucher export (a ZIP bomb?)',
    });
  });

  test('a file that starts like a ZIP and is not one is refused BAD_ZIP', async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    await expect(opened(broken)).rejects.toMatchObject({ code: 'BAD_ZIP', message: expect.stringMatching(/^not a readable ZIP file: /) });
  });

  test('a ZIP whose directory is damaged, or whose file cannot be unpacked, is refused BAD_ZIP with the reason', async () => {
    const zip = zipOf([['comprobantes.csv', csv]]);
    // The end record (last 22 bytes) announces two entries; the directory holds one.
    const counted = Buffer.from(zip);
    counted.writeUInt16LE(2, counted.length - 22 + 8);
    counted.writeUInt16LE(2, counted.length - 22 + 10);
    await expect(opened(counted)).rejects.toMatchObject({ code: 'BAD_ZIP', message: expect.stringMatching(/^not a readable ZIP file: ./) });
    // The directory entry (after the local header, its name and the packed bytes) names compression method 99.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const unknown = Buffer.from(zip);
    unknown.writeUInt16LE(99, central + 10);
    await expect(opened(unknown)).rejects.toMatchObject({ code: 'BAD_ZIP', message: expect.stringMatching(/^cannot read comprobantes\.csv: ./) });
  });

  test('a deflated file longer than its headers declare is refused BAD_ZIP once read past the declared size', async () => {
    const content = Buffer.from(`${G2_HEADER}\n${`${ROW}\n`.repeat(2000)}`);
    const zip = zipOf([['comprobantes.csv', content]]);
    // The local header (uncompressed size at byte 22) and the directory entry (at its byte 24) both say 100 bytes.
    const lying = Buffer.from(zip);
    lying.writeUInt32LE(100, 22);
    lying.writeUInt32LE(100, lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    // The header is read within the declared size; the rest of the file is where the lie shows.
    await expect(opened(lying).then(textOf)).rejects.toMatchObject({ code: 'BAD_ZIP', message: expect.stringMatching(/^cannot read comprobantes\.csv: ./) });
  });

  test('the signature alone makes a ZIP (refused, it holds nothing)', async () => {
    await expect(opened(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).rejects.toMatchObject({ code: 'BAD_ZIP' });
  });

  test('a file shorter than a ZIP signature is read as text', async () => {
    await expect(opened(Buffer.from('PK\u0003'))).rejects.toMatchObject({ code: 'UNKNOWN_LAYOUT' });
  });

  test('the limits: one file, at most 200 MB unpacked and 100 times its packed size', () => {
    expect([MAX_UNZIPPED_BYTES, MAX_RATIO]).toEqual([200 * 1024 * 1024, 100]);
    expect(zipRefusal([{ compressedSize: 1000, uncompressedSize: 100_000 }])).toBeNull();
    expect(zipRefusal([{ compressedSize: 1000, uncompressedSize: 100_001 }])).toBe('the ZIP unpacks to far more than a voucher export (a ZIP bomb?)');
    expect(zipRefusal([{ compressedSize: 3 * 1024 * 1024, uncompressedSize: 200 * 1024 * 1024 }])).toBeNull();
    expect(zipRefusal([{ compressedSize: 3 * 1024 * 1024, uncompressedSize: 200 * 1024 * 1024 + 1 }])).toBe(
      'the ZIP unpacks to far more than a voucher export (a ZIP bomb?)',
    );
    // An empty entry counts as one packed byte.
    expect(zipRefusal([{ compressedSize: 0, uncompressedSize: 100 }])).toBeNull();
    expect(zipRefusal([{ compressedSize: 0, uncompressedSize: 101 }])).not.toBeNull();
    expect(zipRefusal([])).toBe('the ZIP must hold exactly one CSV file; it holds 0 files');
  });
});
