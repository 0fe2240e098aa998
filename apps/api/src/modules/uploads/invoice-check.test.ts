import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { differs, refusalOf, testCredit } from '../../../test/invoice-refusals';
import { accessKeyOf, signedNfe, signedNfeProc } from '../../../test/nfe-factories';
import { checkInvoiceXml } from './invoice-check';

const credit = testCredit;

describe('checkInvoiceXml, accepted', () => {
  it('accepts an intact authorised NF-e and answers its key', () => {
    const { data, key } = signedNfeProc();
    expect(checkInvoiceXml(data, credit)).toEqual({ accessKey: key });
  });

  it('accepts the bare signed NFe, signed with RSA-SHA256', () => {
    const { xml, key } = signedNfe({ signatureAlgorithm: 'rsa-sha256' });
    expect(checkInvoiceXml(Buffer.from(xml), credit)).toEqual({ accessKey: key });
  });

  it('compares identifications, numbers and series after normalisation', () => {
    const { data } = signedNfeProc({ number: '000100000', series: '001' });
    const punctuated = {
      ...credit,
      supplier: '11.444.777/0001-61',
      buyer: '11.222.333/0001-81',
      nfSerial: '01',
    };
    expect(checkInvoiceXml(data, punctuated).accessKey).toHaveLength(44);
  });

  it('accepts an alphanumeric CNPJ issuer and a CPF recipient', () => {
    const { data, key } = signedNfeProc({ issuer: '12ABC34501DE35', recipient: '52998224725' });
    const against = { ...credit, supplier: '12.abc.345/01de-35', buyer: '529.982.247-25' };
    expect(checkInvoiceXml(data, against)).toEqual({ accessKey: key });
    expect(key.slice(6, 20)).toBe('12ABC34501DE35');
  });

  it("accepts the installment's duplicata when the total is the whole invoice's", () => {
    const { data } = signedNfeProc({
      total: '30000.00',
      duplicatas: [
        { number: '001', value: '20000.00' },
        { number: '002', value: '10000.0' },
      ],
    });
    expect(checkInvoiceXml(data, { ...credit, installmentNumber: 2 }).accessKey).toHaveLength(44);
  });
});

describe('checkInvoiceXml, refused', () => {
  it('refuses a key with a wrong check digit', () => {
    const key = accessKeyOf({ issuer: credit.supplier, number: '100000', series: '1' });
    const wrong = `NFe${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    const { data } = signedNfeProc({ id: wrong, protocolKey: wrong.slice(3) });
    expect(refusalOf(data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.keyInvalid',
      code: 'error.invoice.keyInvalid',
      fieldErrors: [{ field: 'accessKey', message: 'validation.invalid', params: { document: wrong } }],
      error_description: 'error.invoice.keyInvalid',
    });
  });

  it("refuses a protocol key that is not the invoice's", () => {
    const other = accessKeyOf({ issuer: credit.supplier, number: '100001', series: '1' });
    const { data, key } = signedNfeProc({ protocolKey: other });
    expect(refusalOf(data)).toEqual(
      errorBody('error.invoice.keyInvalid', [differs('protocolKey', other, key)]),
    );
  });

  it('refuses a document changed after signing (vNF, nNF)', () => {
    const { xml } = signedNfeProc();
    const signatureInvalid = errorBody('error.invoice.signatureInvalid', [
      { field: 'signature', message: 'validation.invalid' },
    ]);
    expect(refusalOf(xml.replace('<vNF>10000.00</vNF>', '<vNF>10000.01</vNF>'))).toEqual(signatureInvalid);
    expect(refusalOf(xml.replace('<nNF>100000</nNF>', '<nNF>100001</nNF>'))).toEqual(signatureInvalid);
  });

  it('refuses an NF-e without a signature, and one signed by another key than its certificate', () => {
    const { xml } = signedNfeProc();
    const unsigned = xml.replace(/<Signature[\s\S]*<\/Signature>/, '');
    expect(refusalOf(unsigned).code).toBe('error.invoice.signatureInvalid');
    const other = signedNfeProc({ signatureAlgorithm: 'rsa-sha256' }).xml;
    const swappedValue = xml.replace(
      /<SignatureValue>[^<]+<\/SignatureValue>/,
      other.match(/<SignatureValue>[^<]+<\/SignatureValue>/)![0],
    );
    expect(refusalOf(swappedValue).code).toBe('error.invoice.signatureInvalid');
  });

  it('refuses signature wrapping: a forged infNFe read while the signed one hides elsewhere', () => {
    // Signed for another credit's number; the forged copy says what this credit expects.
    const { xml, key: signedKey } = signedNfeProc({ number: '100001' });
    const { xml: forgedXml, key: forgedKey } = signedNfe();
    const signedInfNFe = xml.match(/<infNFe[\s\S]*<\/infNFe>/)![0];
    const forged = forgedXml.match(/<infNFe[\s\S]*<\/infNFe>/)![0];
    const wrapped = xml
      .replace(signedInfNFe, forged)
      .replace(`<chNFe>${signedKey}</chNFe>`, `<chNFe>${forgedKey}</chNFe>`)
      .replace('</Signature>', `<Object>${signedInfNFe}</Object></Signature>`);
    expect(refusalOf(wrapped).code).toBe('error.invoice.signatureInvalid');
  });

  it('refuses an attribute added to the signed infNFe', () => {
    const { xml, key } = signedNfeProc();
    const renamed = xml.replace(`Id="NFe${key}"`, `Id="NFe${key}" data-x="1"`);
    expect(refusalOf(renamed).code).toBe('error.invoice.signatureInvalid');
  });

  it('names the issuer the document says against the supplier', () => {
    const { data } = signedNfeProc({ issuer: '12ABC34501DE35' });
    expect(refusalOf(data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.issuerMismatch',
      code: 'error.invoice.issuerMismatch',
      fieldErrors: [
        {
          field: 'issuer',
          message: 'validation.invalid',
          params: { document: '12ABC34501DE35', credit: '11444777000161' },
        },
      ],
      error_description: 'error.invoice.issuerMismatch',
    });
  });

  it("names the recipient against the program's buyer", () => {
    const { data } = signedNfeProc({ recipient: '52998224725' });
    expect(refusalOf(data)).toEqual(
      errorBody('error.invoice.recipientMismatch', [differs('recipient', '52998224725', '11222333000181')]),
    );
  });

  it('names the number and the series that differ', () => {
    const { data } = signedNfeProc({ number: '100001', series: '2' });
    expect(refusalOf(data)).toEqual(
      errorBody('error.invoice.numberMismatch', [
        differs('nfNumber', '100001', '100000'),
        differs('nfSerial', '2', '1'),
      ]),
    );
  });

  it("names the total and the installment's duplicata against the credit's value", () => {
    const { data } = signedNfeProc({ total: '9999.9', duplicatas: [{ number: '1', value: '9999.90' }] });
    expect(refusalOf(data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.valueMismatch',
      code: 'error.invoice.valueMismatch',
      fieldErrors: [
        {
          field: 'originalValue',
          message: 'validation.invalid',
          params: { document: '9999.90', credit: '10000.00' },
        },
        {
          field: 'installmentValue',
          message: 'validation.invalid',
          params: { document: '9999.90', credit: '10000.00' },
        },
      ],
      error_description: 'error.invoice.valueMismatch',
    });
  });

  it('refuses XML of another kind, and XML that is not well-formed, as an unsupported type', () => {
    expect(refusalOf('<?xml version="1.0"?><invoice>1</invoice>')).toEqual(
      errorBody('error.upload.unsupportedType'),
    );
    expect(refusalOf(signedNfeProc().xml.slice(0, -30))).toEqual(errorBody('error.upload.unsupportedType'));
  });
});

describe('checkInvoiceXml, no larger than an invoice', () => {
  const outOfBounds = (field: string) =>
    errorBody('error.invoice.tooLarge', [{ field, message: 'validation.invalid' }]);
  /** The intact NF-e with `filler` after its signature, outside what the signature covers. */
  const withFiller = (filler: string) => {
    const { xml, key } = signedNfe();
    return { data: Buffer.from(xml.replace('</NFe>', `${filler}</NFe>`)), key };
  };

  it('accepts an intact NF-e at the bounds: 1 MiB, 50,000 elements, 32 levels', () => {
    const { xml, key } = signedNfe();
    const elements = (xml.match(/<[A-Za-z]/g) ?? []).length;
    // Inside the root NFe, 31 more levels: 32 in all.
    const deepest = `${'<a>'.repeat(31)}${'</a>'.repeat(31)}`;
    const padding = '<a/>'.repeat(50_000 - elements - 31);
    const { data } = withFiller(`${deepest}${padding}`);
    const atSize = Buffer.concat([data, Buffer.from(' '.repeat(1024 * 1024 - data.length))]);
    expect(atSize.length).toBe(1024 * 1024);
    expect(checkInvoiceXml(atSize, credit)).toEqual({ accessKey: key });
  });

  it('refuses one byte, one element or one level more, naming the bound', () => {
    const { data } = withFiller('');
    const oversize = Buffer.concat([data, Buffer.from(' '.repeat(1024 * 1024 + 1 - data.length))]);
    expect(refusalOf(oversize)).toEqual(outOfBounds('size'));
    const elements = (data.toString().match(/<[A-Za-z]/g) ?? []).length;
    expect(refusalOf(withFiller('<a/>'.repeat(50_001 - elements)).data)).toEqual(outOfBounds('elements'));
    expect(refusalOf(withFiller(`${'<a>'.repeat(32)}${'</a>'.repeat(32)}`).data)).toEqual(
      outOfBounds('depth'),
    );
  });

  it('refuses before reading the signature: 100,000 levels deep, or a made-up signature and 250,000 elements', () => {
    const started = performance.now();
    expect(refusalOf(withFiller(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`).data)).toEqual(
      outOfBounds('depth'),
    );
    expect(refusalOf(withFiller('<a/>'.repeat(250_000)).data)).toEqual(outOfBounds('elements'));
    // The check of the signature alone would take seconds on either (docs/decisions/uploads.md#worker-threads).
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
