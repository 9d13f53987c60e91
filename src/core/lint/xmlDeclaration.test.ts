import { describe, it, expect } from 'vitest';
import { canonicalCharset, readXmlDeclaration, withXmlEncoding } from './xmlDeclaration';

describe('readXmlDeclaration', () => {
  it('reads version, encoding and standalone with either quote', () => {
    const text = `<?xml version='1.0' encoding="ISO-8859-1" standalone='yes'?><a/>`;
    const declaration = readXmlDeclaration(text);
    expect(declaration).toMatchObject({ version: '1.0', encoding: 'ISO-8859-1', standalone: 'yes', start: 0, end: 60 });
    expect(text.slice(declaration!.encodingValue!.from, declaration!.encodingValue!.to)).toBe('ISO-8859-1');
  });

  it('allows a byte order mark before it and nothing else', () => {
    expect(readXmlDeclaration('\uFEFF<?xml version="1.0"?><a/>')?.start).toBe(1);
    expect(readXmlDeclaration(' <?xml version="1.0"?><a/>')).toBeUndefined();
    expect(readXmlDeclaration('<?xml-stylesheet href="a"?><a/>')).toBeUndefined();
    expect(readXmlDeclaration('<?xml version="1.0"')).toBeUndefined();
  });
});

describe('withXmlEncoding', () => {
  it.each([
    ['<?xml version="1.0" encoding="latin1"?><a/>', '<?xml version="1.0" encoding="utf-8"?><a/>'],
    ['<?xml version="1.0"?><a/>', '<?xml version="1.0" encoding="utf-8"?><a/>'],
    ['<a/>', '<?xml version="1.0" encoding="utf-8"?>\n<a/>'],
    ['\uFEFF<a/>', '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<a/>'],
  ])('%j → %j', (text, expected) => {
    expect(withXmlEncoding(text, 'utf-8')).toBe(expected);
    expect(readXmlDeclaration(withXmlEncoding(text, 'utf-8'))?.encoding).toBe('utf-8');
  });

  it('refuses a name that is not an encoding name', () => {
    expect(() => withXmlEncoding('<a/>', 'utf 8"')).toThrow(RangeError);
  });
});

describe('canonicalCharset', () => {
  it('spells aliases one way', () => {
    expect(['UTF-8', 'utf8', ' Utf-8 '].map(canonicalCharset)).toEqual(['utf-8', 'utf-8', 'utf-8']);
    expect(canonicalCharset('Latin1')).toBe('iso-8859-1');
    expect(canonicalCharset('windows-1252')).toBe('windows-1252');
  });
});
