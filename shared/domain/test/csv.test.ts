import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFile, csvRow } from '../src/csv';

describe('csvCell (one rule for every CSV the shop writes)', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Roses, red')).toBe('"Roses, red"');
    expect(csvCell('the "big" one')).toBe('"the ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+2348031234567')).toBe("'+2348031234567");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('writes numbers as numbers (a refund of -0 or a negative is not text), and nothing for null', () => {
    expect(csvCell(-25.5)).toBe('-25.5');
    expect(csvCell(12000)).toBe('12000');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('makes rows and files with CRLF line ends; the BOM is U+FEFF', () => {
    expect(csvRow(['a', 1, null])).toBe('a,1,');
    expect(csvFile(['x', 'y'], [['1', 2]])).toBe('x,y\r\n1,2\r\n');
    expect(CSV_BOM.charCodeAt(0)).toBe(0xfeff);
  });
});
