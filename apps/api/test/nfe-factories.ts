import { execFileSync } from 'node:child_process';
import { accessKeyCheckDigit } from '@portal/contract';
import { SignedXml } from 'xml-crypto';

/**
 * Real, signed NF-e XML for the tests: an RSA key and a self-signed X509 certificate made once per process with
 * openssl, and xml-crypto's SignedXml signing `infNFe` as the NF-e layout does (enveloped signature, C14N,
 * RSA-SHA1 by default), the certificate in KeyInfo.
 */

export type NfeFields = {
  /** Issuer CNPJ (14 characters, alphanumeric allowed) or CPF (11 digits). */
  issuer: string;
  /** Recipient CNPJ or CPF. */
  recipient: string;
  number: string;
  series: string;
  /** vNF as written, e.g. "10000.00". */
  total: string;
  duplicatas: { number: string; value: string }[];
  /** The whole `infNFe` Id to write instead of the computed one (a broken key). */
  id?: string;
  /** The protocol's chNFe to write instead of the key. */
  protocolKey?: string;
  signatureAlgorithm?: 'rsa-sha1' | 'rsa-sha256';
  /** Goods items (`det`) to write, as a real NF-e of that many lines has them: about 1.1 KB and 47 elements each. */
  items?: number;
};

export const nfeDefaults: NfeFields = {
  issuer: '11444777000161',
  recipient: '11222333000181',
  number: '100000',
  series: '1',
  total: '10000.00',
  duplicatas: [{ number: '001', value: '10000.00' }],
};

let signer: { privateKey: string; certificate: string } | undefined;

/** One key and certificate per process: openssl takes a moment, the tests sign many files. */
export function testSigner() {
  if (!signer) {
    const pem = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        '-',
        '-subj',
        '/CN=NF-e de teste',
        '-days',
        '2',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const block = (name: string) =>
      pem.match(new RegExp(`-----BEGIN ${name}-----[^-]+-----END ${name}-----`))![0];
    signer = { privateKey: block('PRIVATE KEY'), certificate: block('CERTIFICATE') };
  }
  return signer;
}

/** The 44-character key of these fields: SP, March 2026, model 55, emission type 1, a fixed random code. */
export function accessKeyOf(fields: Pick<NfeFields, 'issuer' | 'number' | 'series'>): string {
  const first43 =
    '35' +
    '2603' +
    fields.issuer.padStart(14, '0') +
    '55' +
    fields.series.padStart(3, '0') +
    fields.number.padStart(9, '0') +
    '1' +
    '00000001';
  return first43 + accessKeyCheckDigit(first43);
}

/** One `det` as an ERP writes it: the product and its ICMS, IPI, PIS and COFINS. */
const item = (n: number) =>
  `<det nItem="${n}"><prod><cProd>P${n}</cProd><cEAN>SEM GTIN</cEAN><xProd>Parafuso sextavado M8 x ${n}</xProd>` +
  '<NCM>73181500</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>1.0000</qCom><vUnCom>10.00</vUnCom>' +
  '<vProd>10.00</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>UN</uTrib><qTrib>1.0000</qTrib>' +
  '<vUnTrib>10.00</vUnTrib><indTot>1</indTot></prod><imposto><vTotTrib>1.00</vTotTrib>' +
  '<ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>10.00</vBC><pICMS>18.00</pICMS>' +
  '<vICMS>1.80</vICMS></ICMS00></ICMS><IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>10.00</vBC>' +
  '<pIPI>5.00</pIPI><vIPI>0.50</vIPI></IPITrib></IPI><PIS><PISAliq><CST>01</CST><vBC>10.00</vBC>' +
  '<pPIS>1.65</pPIS><vPIS>0.17</vPIS></PISAliq></PIS><COFINS><COFINSAliq><CST>01</CST><vBC>10.00</vBC>' +
  '<pCOFINS>7.60</pCOFINS><vCOFINS>0.76</vCOFINS></COFINSAliq></COFINS></imposto></det>';

const party = (identification: string) =>
  identification.length === 11 ? `<CPF>${identification}</CPF>` : `<CNPJ>${identification}</CNPJ>`;

/** The signed `NFe` of these fields (no XML declaration). */
export function signedNfe(overrides: Partial<NfeFields> = {}): { xml: string; key: string } {
  const fields = { ...nfeDefaults, ...overrides };
  const key = accessKeyOf(fields);
  const id = fields.id ?? `NFe${key}`;
  const duplicatas = fields.duplicatas
    .map((dup) => `<dup><nDup>${dup.number}</nDup><dVenc>2026-04-10</dVenc><vDup>${dup.value}</vDup></dup>`)
    .join('');
  const unsigned =
    '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">' +
    `<infNFe Id="${id}" versao="4.00">` +
    `<ide><cUF>35</cUF><natOp>Prestação de serviços</natOp><mod>55</mod><serie>${fields.series}</serie>` +
    `<nNF>${fields.number}</nNF><dhEmi>2026-03-02T10:00:00-03:00</dhEmi><tpEmis>1</tpEmis></ide>` +
    `<emit>${party(fields.issuer)}<xNome>Supplier Ltda</xNome></emit>` +
    `<dest>${party(fields.recipient)}<xNome>Compradora Nacional S.A.</xNome></dest>` +
    Array.from({ length: fields.items ?? 0 }, (_, i) => item(i + 1)).join('') +
    `<total><ICMSTot><vProd>${fields.total}</vProd><vNF>${fields.total}</vNF></ICMSTot></total>` +
    `<cobr>${duplicatas}</cobr>` +
    '<infAdic><infCpl>Servi&#231;os de mar&#231;o &amp; abril</infCpl></infAdic>' +
    '</infNFe></NFe>';
  const algorithm = fields.signatureAlgorithm ?? 'rsa-sha1';
  const { privateKey, certificate } = testSigner();
  const signature = new SignedXml({
    privateKey,
    publicCert: certificate,
    signatureAlgorithm:
      algorithm === 'rsa-sha1'
        ? 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
        : 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='infNFe']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ],
    digestAlgorithm:
      algorithm === 'rsa-sha1'
        ? 'http://www.w3.org/2000/09/xmldsig#sha1'
        : 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(unsigned, {
    location: { reference: "//*[local-name(.)='infNFe']", action: 'after' },
  });
  return { xml: signature.getSignedXml(), key };
}

/** An authorised NF-e as the tax authority hands it back: the signed NFe inside `nfeProc` with its protocol. */
export function signedNfeProc(overrides: Partial<NfeFields> = {}): {
  data: Buffer;
  key: string;
  xml: string;
} {
  const { xml: nfe, key } = signedNfe(overrides);
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}` +
    `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><chNFe>${overrides.protocolKey ?? key}</chNFe>` +
    '<nProt>135260000000001</nProt><cStat>100</cStat></infProt></protNFe></nfeProc>\n';
  return { data: Buffer.from(xml), key, xml };
}
