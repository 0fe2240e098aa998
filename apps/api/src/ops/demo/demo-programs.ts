import { buyers, type Entry, ORG } from './demo-organization';

/*
 * The demo's programs (one with IOF and a bank fee, one compound, both of Horizonte's admitting the demo's
 * funders (demo-funders.ts), one requiring service invoices, one where Alfa is inactivated), who takes part in which, its notifications and its invites in every status.
 */

const INVITE_EXPIRY = '2027-12-31T23:59:59-03:00';
const NO_IOF = [{ validFrom: '2025-07-16', daily: '0', fixed: '0' }];

const sessionTerm = (buyer: string) =>
  `<p>Ao confirmar, você cede à ${buyer} os créditos selecionados pelo valor líquido exibido, ` +
  'que será depositado na conta bancária cadastrada da empresa no prazo indicado.</p>';

type ProgramFields = Omit<
  Entry<'programs'>,
  | 'ref'
  | 'organization'
  | 'buyer'
  | 'anticipationMaxTime'
  | 'sessionTermHtml'
  | 'bankFee'
  | 'daysToPay'
  | 'discountMode'
  | 'requireServiceInvoice'
> &
  Partial<Entry<'programs'>>;

function program(ref: string, buyer: Entry<'buyers'>, fields: ProgramFields): Entry<'programs'> {
  return {
    ref,
    organization: ORG,
    buyer: buyer.ref,
    bankFee: '0.00',
    iof: NO_IOF,
    daysToPay: 1,
    anticipationMaxTime: '23:59',
    requireServiceInvoice: false,
    sessionTermHtml: sessionTerm(buyer.name),
    discountMode: 'simple',
    ...fields,
  };
}

const [horizonte, valeVerde, aurora] = [buyers[0]!, buyers[1]!, buyers[2]!];
export const programs = [
  program('horizonte-fornecedores', horizonte, {
    name: 'Horizonte Fornecedores',
    color: '#1e88e5',
    monthlyRate: '0.015',
    platformFee: '0.0035',
    bankFee: '3.50',
    iof: [{ validFrom: '2025-07-16', daily: '0.000082', fixed: '0.0038' }],
    funders: ['banco-meridiano', 'cerrado-fidc'],
  }),
  program('horizonte-logistica', horizonte, {
    name: 'Horizonte Logística',
    color: '#43a047',
    monthlyRate: '0.012',
    platformFee: '0.002',
    discountMode: 'compound',
    daysToPay: 2,
    funders: ['banco-meridiano', 'cerrado-fidc'],
  }),
  program('vale-verde-servicos', valeVerde, {
    name: 'Vale Verde Serviços',
    color: '#fb8c00',
    monthlyRate: '0.0175',
    platformFee: '0.004',
    requireServiceInvoice: true,
  }),
  program('vale-verde-obras', valeVerde, {
    name: 'Vale Verde Obras',
    color: '#8e24aa',
    monthlyRate: '0.021',
    platformFee: '0.005',
  }),
  program('aurora-fornecedores', aurora, {
    name: 'Aurora Fornecedores',
    color: '#00897b',
    monthlyRate: '0.0135',
    platformFee: '0.003',
  }),
];

type ProviderPlan = Entry<'programProviders'> & { credits: number };
const provider = (
  program: string,
  company: string,
  credits: number,
  extra: Partial<ProviderPlan> = {},
): ProviderPlan => ({
  ref: `${company}-${program}`,
  program,
  company,
  status: 'ACTIVATED',
  providerCanNotAnticipateHtml: null,
  credits,
  ...extra,
});

/**
 * Program providers with how many credits each gets: Alfa in four programs, Beta in two, Gama in one, Delta
 * (alphanumeric CNPJ) in Aurora's (a buyer with an alphanumeric CNPJ) and Horizonte's. Delta comes last, so the
 * credits of the others come out of the seeded generator as before it existed.
 */
export const providerPlans = [
  provider('horizonte-fornecedores', 'alfa', 520),
  provider('horizonte-logistica', 'alfa', 330),
  provider('vale-verde-servicos', 'alfa', 260),
  provider('vale-verde-obras', 'alfa', 110, {
    status: 'INACTIVATED',
    providerCanNotAnticipateHtml:
      '<p>A participação da Alfa Componentes neste programa está suspensa enquanto a Construtora Vale Verde ' +
      'revisa o cadastro. Fale com o suporte pelo telefone +55 11 4000-0000.</p>',
  }),
  provider('horizonte-fornecedores', 'beta', 160),
  provider('vale-verde-servicos', 'beta', 140),
  provider('horizonte-logistica', 'gama', 80),
  provider('aurora-fornecedores', 'delta', 140),
  provider('horizonte-fornecedores', 'delta', 60),
];

export const notifications: Entry<'notifications'>[] = [
  {
    ref: 'aberto-todos-os-dias',
    program: 'horizonte-fornecedores',
    type: 'INFO',
    title: 'Antecipação disponível todos os dias',
    message:
      'Neste ambiente de demonstração as solicitações ficam abertas 24 horas, inclusive fins de semana e feriados.',
    activeFrom: '2026-11-01T00:00:00-03:00',
    activeUntil: null,
  },
  {
    ref: 'nota-de-servico',
    program: 'vale-verde-servicos',
    type: 'WARNING',
    title: 'Envie a nota fiscal de serviço',
    message: 'Créditos de serviço só podem ser antecipados depois do envio da nota fiscal correspondente.',
    activeFrom: '2026-10-01T00:00:00-03:00',
    activeUntil: null,
  },
  {
    ref: 'manutencao-outubro',
    program: 'horizonte-fornecedores',
    type: 'ERROR',
    title: 'Manutenção programada',
    message: 'O portal ficou indisponível em 15/10 das 22h às 23h para manutenção.',
    activeFrom: '2026-10-14T00:00:00-03:00',
    activeUntil: '2026-10-15T23:00:00-03:00',
  },
];

const invite = (
  email: string,
  company: string,
  token: string,
  status: Entry<'invites'>['status'],
): Entry<'invites'> => ({
  organization: ORG,
  company,
  email,
  token,
  status,
  expiresAt: INVITE_EXPIRY,
});

export const invites = [
  invite('convite1@demo.test', 'alfa', 'demo-invite-open-1', 'OPEN'),
  invite('convite2@demo.test', 'beta', 'demo-invite-open-2', 'OPEN'),
  invite('convite3@demo.test', 'alfa', 'demo-invite-closed', 'CLOSED'),
  invite('convite4@demo.test', 'alfa', 'demo-invite-confirmed', 'CONFIRMED'),
  invite('convite5@demo.test', 'beta', 'demo-invite-waiting', 'WAITING_CONFIRMATION'),
];
