import {
  type Estimate,
  estimateCreditsCall,
  type Locale,
  type OfferChoice,
  type PricedOffer,
  type Program,
  requestBatchCall,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, refusal, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { SimulationView } from './simulation-view';

const program: Program = {
  id: 1,
  name: 'Horizonte Fornecedores',
  color: '#546e7a',
  providerId: 10,
  providerStatus: 'ACTIVATED',
  buyerType: 'CORPORATION',
  buyerIdentification: '11222333000181',
  buyerName: 'Horizonte Alimentos S.A.',
  value: 3000,
  requirePin: false,
  quoteMinimum: 50000,
};

const aurora: PricedOffer = {
  offerId: 7,
  funder: { id: 3, name: 'Banco Aurora S.A.', house: false },
  total: 2950,
  discount: 40,
  effectiveMonthlyCost: 0.012,
  monthlyRates: ['0.009'],
};
const boreal: PricedOffer = {
  offerId: 8,
  funder: { id: 4, name: 'FIDC Boreal', house: false },
  total: 2940,
  discount: 50,
  effectiveMonthlyCost: 0.015,
  monthlyRates: ['0.011'],
};
const house: PricedOffer = {
  offerId: 'house',
  funder: { id: null, name: 'Horizonte Alimentos S.A.', house: true },
  total: 2921.5,
  discount: 70,
  effectiveMonthlyCost: 0.0268,
  monthlyRates: ['0.015'],
};

/** The estimate of credits 1 and 2 as the server prices it at `at`, listing `offers` (best first). */
function estimateAt(at: PricedOffer, offers: PricedOffer[]): Estimate {
  const half = at.total / 2;
  const row = (id: number) => ({
    id,
    nfNumber: `10${id}`,
    nfSerial: '1',
    installmentNumber: 1,
    expireDate: '2026-12-24',
    originalValue: 1500,
    discount: 1500 - half,
    investorDiscount: 1500 - half,
    platformFee: 0,
    dailyIof: 0,
    fixedIof: 0,
    bankFee: 0,
    anticipation: half,
    days: 30,
  });
  return {
    date: '2026-11-24',
    total: at.total,
    value: 3000,
    discount: at.discount,
    fees: 0,
    iof: 0,
    averageTimeframe: 30,
    effectiveMonthlyCost: at.effectiveMonthlyCost,
    daysToPay: 1,
    anticipationMaxTime: '23:59',
    creditEstimates: [row(1), row(2)],
    offerId: at.offerId,
    funder: at.funder,
    offers,
    programFinancial: { active: true, financialConfiguration: { sessionTerm: null } },
  };
}

/** The estimate call answered as the server would: at the offer asked for (`?offerId=`), else the best. */
function answerEstimates(offers: () => PricedOffer[]) {
  answer(estimateCreditsCall, ({ request }) => {
    const asked = new URL(request.url).searchParams.get('offerId');
    const current = offers();
    const at = asked === null ? current[0] : current.find((offer) => String(offer.offerId) === asked);
    return at ? estimateAt(at, current) : refusal('error.offer.unavailable');
  });
}

async function render(locale: Locale = 'pt-BR') {
  return renderWithProviders(
    <MemoryRouter>
      <SimulationView
        program={program}
        company={{ name: 'Alfa Ltda', hasBankAccount: true }}
        creditIds={[1, 2]}
        onDone={() => {}}
        noCreditsAction={null}
      />
    </MemoryRouter>,
    locale,
  );
}

/**
 * An element's text as read: without the style rules Mantine puts beside responsive props, the currency's
 * no-break space as a plain one.
 */
function textOf(element: Element | null | undefined): string {
  const copy = element?.cloneNode(true) as Element | undefined;
  for (const style of copy?.querySelectorAll('style') ?? []) style.remove();
  return (copy?.textContent ?? '').replace(/\s/g, ' ');
}

const offerQueries = () =>
  sentRequests(estimateCreditsCall).map((request) => request.url.searchParams.get('offerId'));
const batchBodies = () => sentRequests(requestBatchCall).map((request) => request.body);
const otherOffers = () => screen.getByRole('list', { name: 'Outras ofertas' });
const confirm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Solicitar antecipação' }));
  const panel = await screen.findByRole('region', { name: 'Confirme a solicitação' });
  await user.click(within(panel).getByRole('button', { name: 'Confirmar antecipação' }));
  return panel;
};

describe('the simulation and the offers', () => {
  it('names who pays at the best offer and lists the others with their net, difference and monthly cost', async () => {
    answerEstimates(() => [aurora, boreal, house]);
    await render();
    const funder = await screen.findByTestId('funder');
    expect(textOf(funder)).toBe('Quem antecipaBanco Aurora S.A.Melhor oferta');
    const items = within(otherOffers()).getAllByRole('listitem');
    expect(items.map(textOf)).toEqual([
      'FIDC BorealVocê recebeR$ 2.940,00R$ 10,00 a menosCusto efetivo mensal1,5%Escolher',
      'Horizonte Alimentos S.A.Taxa do programaVocê recebeR$ 2.921,50R$ 28,50 a menosCusto efetivo mensal2,68%Escolher',
    ]);
    expect(offerQueries()).toEqual([null]);
  });

  it('choosing another offer prices at it, the confirmation names its funder and the request takes it', async () => {
    answerEstimates(() => [aurora, boreal, house]);
    answer(requestBatchCall, { id: 99, value: 2940, daysToPay: 1 });
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Escolher a oferta de FIDC Boreal' }));
    await waitFor(() => expect(textOf(screen.getByTestId('funder'))).toBe('Quem antecipaFIDC Boreal'));
    expect(offerQueries()).toEqual([null, '8']);
    expect(textOf(screen.getByTestId('net-amount'))).toBe('R$ 2.940,00');
    // The best offer is now among the others, said to be the best, and what it gives more.
    expect(textOf(within(otherOffers()).getAllByRole('listitem')[0])).toBe(
      'Banco Aurora S.A.Melhor ofertaVocê recebeR$ 2.950,00R$ 10,00 a maisCusto efetivo mensal1,2%Escolher',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('funder')));

    const panel = await confirm(user);
    expect(within(panel).getByText('Quem antecipa: FIDC Boreal')).toBeTruthy();
    await screen.findByRole('dialog', { name: 'Antecipação solicitada' });
    expect(batchBodies()).toEqual([{ creditIds: [1, 2], offerId: 8 }]);
  });

  it('a program with its own rate alone shows neither who pays nor other offers, and requests at it', async () => {
    answerEstimates(() => [house]);
    answer(requestBatchCall, { id: 99, value: 2921.5, daysToPay: 1 });
    const user = userEvent.setup();
    await render();
    await screen.findByTestId('net-amount');
    expect(screen.queryByTestId('funder')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Outras ofertas' })).toBeNull();
    const panel = await confirm(user);
    expect(within(panel).queryByText(/Quem antecipa/)).toBeNull();
    await screen.findByRole('dialog', { name: 'Antecipação solicitada' });
    expect(batchBodies()).toEqual([{ creditIds: [1, 2], offerId: 'house' }]);
  });

  it('an offer gone before the request: its message, fresh offers, the same credits, then a request at the new one', async () => {
    let offers = [aurora, boreal, house];
    answerEstimates(() => offers);
    // Aurora replaces its offer meanwhile: the request names the one shown, refused with nothing claimed.
    const replaced: PricedOffer = { ...aurora, offerId: 9, total: 2945 };
    answer(requestBatchCall, ({ request }) =>
      request
        .clone()
        .json()
        .then((body: { offerId: OfferChoice }) =>
          body.offerId === 7 ? refusal('error.offer.unavailable') : { id: 99, value: 2945, daysToPay: 1 },
        ),
    );
    const user = userEvent.setup();
    await render();
    await screen.findByTestId('funder');
    offers = [replaced, boreal, house];
    await confirm(user);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Esta oferta não pode mais levar estes títulos (mudou, encerrou ou está cheia hoje). Simule de novo para ver as ofertas atuais.' +
        'Simulamos de novo: os valores abaixo são os das ofertas atuais.',
    );
    await waitFor(() => expect(textOf(screen.getByTestId('net-amount'))).toBe('R$ 2.945,00'));
    expect(offerQueries()).toEqual([null, null]);
    // The panel slides away: the new figures are confirmed in a new opening.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Confirme a solicitação' })).toBeNull());
    expect(screen.getByRole('table', { name: '2 títulos na simulação' })).toBeTruthy();

    await confirm(user);
    await screen.findByRole('dialog', { name: 'Antecipação solicitada' });
    expect(batchBodies()).toEqual([
      { creditIds: [1, 2], offerId: 7 },
      { creditIds: [1, 2], offerId: 9 },
    ]);
    // One key per opening of the panel: the second confirmation is a new request.
    const keys = sentRequests(requestBatchCall).map((request) => request.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('an offer gone before it is chosen: its message and the best offer of the moment', async () => {
    let offers = [aurora, boreal, house];
    answerEstimates(() => offers);
    const user = userEvent.setup();
    await render();
    const choose = await screen.findByRole('button', { name: 'Escolher a oferta de FIDC Boreal' });
    offers = [aurora, house];
    await user.click(choose);
    await screen.findByRole('alert');
    expect(offerQueries()).toEqual([null, '8', null]);
    await waitFor(() =>
      expect(within(otherOffers()).getAllByRole('listitem').map(textOf)).toEqual([
        'Horizonte Alimentos S.A.Taxa do programaVocê recebeR$ 2.921,50R$ 28,50 a menosCusto efetivo mensal2,68%Escolher',
      ]),
    );
    expect(textOf(screen.getByTestId('funder'))).toBe('Quem antecipaBanco Aurora S.A.Melhor oferta');
  });

  it.each([
    ['pt-PT', 'Quem antecipa', 'Outras ofertas', 'Taxa do programa', 'menos 28,50 R$'],
    ['en', 'Funded by', 'Other offers', 'The program’s own rate', 'R$28.50 less'],
    ['en-ZA', 'Funded by', 'Other offers', 'The programme’s own rate', 'R$28,50 less'],
  ] as const)(
    '%s: who pays and the other offers in its words',
    async (locale, funder, title, houseRate, less) => {
      answerEstimates(() => [aurora, boreal, house]);
      await render(locale);
      expect(textOf(await screen.findByTestId('funder'))).toContain(funder);
      const last = within(screen.getByRole('list', { name: title }))
        .getAllByRole('listitem')
        .at(-1);
      expect(textOf(last)).toContain(houseRate);
      expect(textOf(last)).toContain(less);
    },
  );
});
