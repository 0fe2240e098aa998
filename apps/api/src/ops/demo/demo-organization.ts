import type { ImportFileInput } from '@portal/contract';
import { cnpjFor } from './demo-random';

export type Entry<Kind extends keyof ImportFileInput> = NonNullable<ImportFileInput[Kind]>[number];

/*
 * The hand-written part of the demo data: one organization open every day, three buyers, four suppliers that
 * cover the portal's cases (can anticipate; no bank account; cannot anticipate; registered since July 2026, so
 * with an alphanumeric CNPJ, as one buyer is too), one login per case and five programs with different pricing
 * (demo-programs.ts). The credits are generated (demo-credits.ts).
 */

export const REFERENCE_DATE = '2026-11-22';
export const ORG = 'demo';
const PASSWORD = 'demo1234';
const PROVIDER: Entry<'users'>['authorities'] = ['ROLE_USER', 'ROLE_PROVIDER'];

export const organizations: Entry<'organizations'>[] = [
  {
    slug: ORG,
    name: 'Giro Demo',
    timezone: 'America/Sao_Paulo',
    supportPhone: '+55 11 4000-0000',
    calendar: { open: '00:00', businessDaysOnly: false },
    terms: {
      version: '2026-01',
      summaryHtml:
        '<p>Ao usar o portal você declara que os créditos apresentados são legítimos e livres de ônus, ' +
        'autoriza a cessão dos créditos que escolher antecipar e concorda com as taxas exibidas antes de ' +
        'cada solicitação.</p><p>Seus dados são tratados conforme a LGPD, apenas para operar o programa.</p>',
      fullUrl: 'https://demo.giro.example/termos/2026-01',
    },
    chat: { enabled: false, scriptUrl: null },
  },
];

export const buyers: Entry<'buyers'>[] = [
  {
    ref: 'horizonte',
    organization: ORG,
    name: 'Horizonte Alimentos S.A.',
    type: 'CORPORATION',
    identification: cnpjFor('43117052'),
  },
  {
    ref: 'vale-verde',
    organization: ORG,
    name: 'Construtora Vale Verde S.A.',
    type: 'CORPORATION',
    identification: cnpjFor('58209364'),
  },
  {
    ref: 'aurora',
    organization: ORG,
    name: 'Aurora Energia Renovável S.A.',
    type: 'CORPORATION',
    // Alphanumeric root: registered after July 2026 (docs/product/identification.md#cnpj).
    identification: cnpjFor('A7R2N9GX'),
  },
];

export const companies: Entry<'companies'>[] = [
  {
    ref: 'alfa',
    organization: ORG,
    name: 'Alfa Componentes Ltda',
    type: 'CORPORATION',
    identification: cnpjFor('21534876'),
    canAnticipate: true,
    bankAccount: { bank: '341', branch: '0912', account: '45873-2' },
  },
  {
    ref: 'beta',
    organization: ORG,
    name: 'Beta Serviços ME',
    type: 'CORPORATION',
    identification: cnpjFor('30982157'),
    canAnticipate: true,
    bankAccount: null,
  },
  {
    ref: 'gama',
    organization: ORG,
    name: 'Gama Comércio Ltda',
    type: 'CORPORATION',
    identification: cnpjFor('17645209'),
    canAnticipate: false,
    bankAccount: { bank: '237', branch: '3381', account: '102944-7' },
  },
  {
    ref: 'delta',
    organization: ORG,
    name: 'Delta Logística Ltda',
    type: 'CORPORATION',
    // Receita Federal's own example of an alphanumeric CNPJ, 12.ABC.345/01DE-35.
    identification: '12ABC34501DE35',
    canAnticipate: true,
    bankAccount: { bank: '260', branch: '0001', account: '7781203-4' },
  },
];

type UserOptions = Partial<Pick<Entry<'users'>, 'authorities' | 'activated' | 'acceptedTerms' | 'phone'>> & {
  companies: string[];
};

function user(email: string, fullName: string, options: UserOptions): Entry<'users'> {
  return {
    organization: ORG,
    email,
    password: PASSWORD,
    firstName: fullName.split(' ')[0]!,
    fullName,
    activated: options.activated ?? true,
    authorities: options.authorities ?? PROVIDER,
    acceptedTerms: options.acceptedTerms ?? true,
    companies: options.companies,
    defaultCompany: options.companies[0]!,
    ...(options.phone ? { phone: options.phone, whatsAppStatus: 'RECEIVE' } : {}),
  };
}

export const users = [
  user('ana@demo.test', 'Ana Souza', { companies: ['alfa', 'beta'], phone: '11987654321' }),
  user('carlos@demo.test', 'Carlos Lima', {
    authorities: [...PROVIDER, 'ROLE_PROVIDER_CONSULT'],
    companies: ['alfa'],
  }),
  user('bruna@demo.test', 'Bruna Alves', { acceptedTerms: false, companies: ['alfa'] }),
  user('diego@demo.test', 'Diego Rocha', { activated: false, companies: ['alfa'] }),
  user('eva@demo.test', 'Eva Martins', { authorities: ['ROLE_USER'], companies: ['alfa'] }),
  user('gabriel@demo.test', 'Gabriel Costa', { companies: ['gama'], phone: '21998765432' }),
  user('helena@demo.test', 'Helena Prado', { companies: ['delta', 'beta'] }),
];
