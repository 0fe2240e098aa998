import { parseSignedXml, partyAt, textAt, valueAt } from './nfe-facts';

/*
 * The element paths are those of the Sistema Nacional NFS-e's layout (NFSe_v1.00.xsd and its
 * tiposComplexos_v1.00.xsd, TCInfNFSe / TCInfDPS; unchanged in v1.01): `infNFSe/nNFSe`, `infNFSe/valores/vLiq`,
 * `infNFSe/DPS/infDPS/{serie, prest, toma, valores/vServPrest/vServ}`.
 */

/** What the portal compares of an NFS-e of the national standard, as written in its signed `infNFSe`. */
export type NfseFacts = {
  /** `infNFSe/@Id` without its `NFS` prefix: the 50-digit access key. */
  accessKey: string;
  /** The provider ("prestador"), `infDPS/prest/CNPJ` or `CPF`, normalised; '' for a foreign one (NIF). */
  issuer: string;
  /** The taker ("tomador"), `infDPS/toma/CNPJ` or `CPF`, normalised; '' when absent or foreign. */
  recipient: string;
  /** `infNFSe/nNFSe`: the NFS-e's own number, given by the tax authority. */
  number: string;
  /** `infDPS/serie`: the only series of the layout, the provider's DPS's. */
  series: string;
  /** `infDPS/valores/vServPrest/vServ`: the value of the service, in reais. */
  serviceValue: string;
  /** `infNFSe/valores/vLiq`: the net value (service minus discounts and withheld taxes), in reais. */
  netValue: string;
};

/**
 * Reads the facts from the canonical `infNFSe` its signature covers (nfe-signature.ts), the DPS inside it
 * included, never from the file around it. Undefined when that text is not an `infNFSe` with the expected Id.
 */
export function readNfseFacts(signedInfNFSe: string, infNFSeId: string): NfseFacts | undefined {
  const infNFSe = valueAt(parseSignedXml(signedInfNFSe), 'infNFSe');
  if (!infNFSe || textAt(infNFSe, '@Id') !== infNFSeId) return undefined;
  const infDPS = valueAt(infNFSe, 'DPS', 'infDPS');
  return {
    accessKey: infNFSeId.slice('NFS'.length),
    issuer: partyAt(infDPS, 'prest'),
    recipient: partyAt(infDPS, 'toma'),
    number: textAt(infNFSe, 'nNFSe'),
    series: textAt(infDPS, 'serie'),
    serviceValue: textAt(infDPS, 'valores', 'vServPrest', 'vServ'),
    netValue: textAt(infNFSe, 'valores', 'vLiq'),
  };
}
