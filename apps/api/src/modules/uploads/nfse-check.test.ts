import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { differs, refusalOf, testCredit } from '../../../test/invoice-refusals';
import { nfseAccessKeyOf, signedNfse } from '../../../test/nfse-factories';
import { checkInvoiceXml } from './invoice-check';

/*
 * An NFS-e of the national standard (Sistema Nacional NFS-e, NFSe_v1.00.xsd), really signed, checked against
 * its credit as the NF-e is (docs/product/requests.md#invoice-check).
 */

const credit = testCredit;

const signatureInvalid = errorBody('error.invoice.signatureInvalid', [
  { field: 'signature', message: 'validation.invalid' },
]);

describe('checkInvoiceXml, an NFS-e accepted', () => {
  it('accepts an intact NFS-e and answers its 50-digit key', () => {
    const { data, key } = signedNfse();
    expect(key).toMatch(/^\d{50}$/);
    expect(checkInvoiceXml(data, credit)).toEqual({ accessKey: key });
  });

  it('accepts it signed with RSA-SHA1, and compares after normalisation', () => {
    const { data, key } = signedNfse({ signatureAlgorithm: 'rsa-sha1', number: '000100000' });
    const punctuated = {
      ...credit,
      supplier: '11.444.777/0001-61',
      buyer: '11.222.333/0001-81',
      nfSerial: '001',
    };
    expect(checkInvoiceXml(data, punctuated)).toEqual({ accessKey: key });
  });

  it('accepts a CPF provider and a CPF taker', () => {
    const { data, key } = signedNfse({ provider: '52998224725', taker: '11144477735' });
    expect(key.slice(8, 23)).toBe('100052998224725');
    expect(checkInvoiceXml(data, { ...credit, supplier: '529.982.247-25', buyer: '111.444.777-35' })).toEqual(
      {
        accessKey: key,
      },
    );
  });

  it('accepts the net value when the credit carries what the taker pays after withholding', () => {
    const { data, key } = signedNfse({ serviceValue: '10500.00', netValue: '10000.00' });
    expect(checkInvoiceXml(data, credit)).toEqual({ accessKey: key });
    expect(checkInvoiceXml(data, { ...credit, originalValueCents: 1_050_000n })).toEqual({ accessKey: key });
  });

  it('matches the NFS-e number, not the DPS number', () => {
    const { data } = signedNfse({ dpsNumber: '100000', number: '7' });
    expect(refusalOf(data)).toEqual(
      errorBody('error.invoice.numberMismatch', [differs('nfNumber', '7', '100000')]),
    );
  });
});

describe('checkInvoiceXml, an NFS-e refused', () => {
  it('refuses a key with a wrong check digit, another prefix or another length', () => {
    const key = nfseAccessKeyOf({ provider: credit.supplier, number: credit.nfNumber });
    const wrong = `NFS${key.slice(0, 49)}${(Number(key[49]) + 1) % 10}`;
    expect(refusalOf(signedNfse({ id: wrong }).data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.keyInvalid',
      code: 'error.invoice.keyInvalid',
      fieldErrors: [{ field: 'accessKey', message: 'validation.invalid', params: { document: wrong } }],
      error_description: 'error.invoice.keyInvalid',
    });
    for (const id of [`NFe${key}`, `NFS${key.slice(1)}`, key]) {
      expect(refusalOf(signedNfse({ id }).data)).toEqual(
        errorBody('error.invoice.keyInvalid', [differs('accessKey', id)]),
      );
    }
  });

  it('refuses an NFS-e changed after signing: the value, the number, the DPS inside', () => {
    const { xml } = signedNfse();
    expect(refusalOf(xml.replace('<vServ>10000.00</vServ>', '<vServ>10000.01</vServ>'))).toEqual(
      signatureInvalid,
    );
    expect(refusalOf(xml.replace('<vLiq>10000.00</vLiq>', '<vLiq>9000.00</vLiq>'))).toEqual(signatureInvalid);
    expect(refusalOf(xml.replace('<nNFSe>100000</nNFSe>', '<nNFSe>100001</nNFSe>'))).toEqual(
      signatureInvalid,
    );
    expect(refusalOf(xml.replace('<toma><CNPJ>11222333000181', '<toma><CNPJ>11222333000262'))).toEqual(
      signatureInvalid,
    );
  });

  it('refuses an NFS-e without its own signature, even with the DPS still signed', () => {
    const { xml } = signedNfse();
    const outer = xml.lastIndexOf('<Signature');
    const unsigned =
      xml.slice(0, outer) + xml.slice(xml.indexOf('</Signature>', outer) + '</Signature>'.length);
    expect(unsigned).toContain('</infDPS><Signature');
    expect(refusalOf(unsigned)).toEqual(signatureInvalid);
  });

  it('refuses a signature value made by another key than its certificate', () => {
    const { xml } = signedNfse();
    const other = signedNfse({ number: '100001' }).xml;
    const lastValue = (text: string) => text.match(/<SignatureValue>[^<]+<\/SignatureValue>/g)!.at(-1)!;
    expect(refusalOf(xml.replace(lastValue(xml), lastValue(other)))).toEqual(signatureInvalid);
  });

  it('refuses signature wrapping: a forged infNFSe read while the signed one hides elsewhere', () => {
    // Signed for another number and value; the forged, unsigned copy says what this credit expects.
    const { xml: signedXml } = signedNfse({ number: '100001', serviceValue: '1.00', netValue: '1.00' });
    const { xml: forgedXml } = signedNfse();
    const infNFSe = (text: string) => text.match(/<infNFSe[\s\S]*<\/infNFSe>/)![0];
    const signedInfNFSe = infNFSe(signedXml);
    const moved = signedXml
      .replace(signedInfNFSe, infNFSe(forgedXml))
      .replace('</Signature></NFSe>', `<Object>${signedInfNFSe}</Object></Signature></NFSe>`);
    expect(moved).toContain('</Object></Signature></NFSe>');
    expect(refusalOf(moved)).toEqual(signatureInvalid);
    // The forged copy under the signed one's Id, the signed one kept beside it in an element of its own.
    const forgedWithSignedId = infNFSe(forgedXml).replace(
      /Id="NFS\d+"/,
      signedInfNFSe.match(/Id="NFS\d+"/)![0],
    );
    const beside = signedXml.replace(signedInfNFSe, `${forgedWithSignedId}<extra>${signedInfNFSe}</extra>`);
    expect(refusalOf(beside)).toEqual(signatureInvalid);
  });

  it('names the provider the document says against the supplier', () => {
    const { data } = signedNfse({ provider: '12345678000195' });
    expect(refusalOf(data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.issuerMismatch',
      code: 'error.invoice.issuerMismatch',
      fieldErrors: [
        {
          field: 'issuer',
          message: 'validation.invalid',
          params: { document: '12345678000195', credit: '11444777000161' },
        },
      ],
      error_description: 'error.invoice.issuerMismatch',
    });
  });

  it("names the taker against the program's buyer, and an NFS-e without a taker", () => {
    expect(refusalOf(signedNfse({ taker: '52998224725' }).data)).toEqual(
      errorBody('error.invoice.recipientMismatch', [differs('recipient', '52998224725', '11222333000181')]),
    );
    expect(refusalOf(signedNfse({ taker: null }).data)).toEqual(
      errorBody('error.invoice.recipientMismatch', [differs('recipient', '', '11222333000181')]),
    );
  });

  it("names the NFS-e's number and the DPS's series that differ", () => {
    const { data } = signedNfse({ number: '100001', series: '2' });
    expect(refusalOf(data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.numberMismatch',
      code: 'error.invoice.numberMismatch',
      fieldErrors: [
        {
          field: 'nfNumber',
          message: 'validation.invalid',
          params: { document: '100001', credit: '100000' },
        },
        { field: 'nfSerial', message: 'validation.invalid', params: { document: '2', credit: '1' } },
      ],
      error_description: 'error.invoice.numberMismatch',
    });
  });

  it("names the service value, and the net value when it differs, against the credit's value", () => {
    expect(refusalOf(signedNfse({ serviceValue: '9999.9', netValue: '9999.90' }).data)).toEqual({
      httpStatus: 400,
      message: 'error.invoice.valueMismatch',
      code: 'error.invoice.valueMismatch',
      fieldErrors: [
        {
          field: 'originalValue',
          message: 'validation.invalid',
          params: { document: '9999.90', credit: '10000.00' },
        },
      ],
      error_description: 'error.invoice.valueMismatch',
    });
    expect(refusalOf(signedNfse({ serviceValue: '12000.00', netValue: '11100.00' }).data)).toEqual(
      errorBody('error.invoice.valueMismatch', [
        differs('originalValue', '12000.00', '10000.00'),
        differs('netValue', '11100.00', '10000.00'),
      ]),
    );
  });

  it('refuses an NFSe root without its infNFSe as an unsupported type', () => {
    const empty = '<?xml version="1.0"?><NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"/>';
    expect(refusalOf(empty)).toEqual(errorBody('error.upload.unsupportedType'));
  });
});
