import { type Company, listMyCompaniesCall, setDefaultCompanyCall } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { CompanyModal } from './company-modal';

const alfa: Company = {
  id: 1,
  name: 'Alfa Componentes Ltda',
  type: 'CORPORATION',
  identification: '21534876000198',
  value: 1234.5,
  canAnticipate: true,
  hasBankAccount: true,
};
const beta: Company = {
  id: 2,
  name: 'Beta Serviços ME',
  type: 'CORPORATION',
  identification: '30982157000120',
  value: 0,
  canAnticipate: true,
  hasBankAccount: true,
};

describe('the company modal', () => {
  beforeEach(() => {
    answer(listMyCompaniesCall, [alfa, beta]);
    answer(setDefaultCompanyCall, beta);
  });

  it('cannot be closed while no company is set', async () => {
    const onClose = vi.fn();
    await renderWithProviders(
      <CompanyModal opened isMandatory currentId={undefined} onClose={onClose} onChosen={vi.fn()} />,
    );
    expect(await screen.findByText('Escolha a empresa com a qual deseja operar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fechar' })).toBeNull();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lists companies with formatted CNPJ and credits, and Access sets the default', async () => {
    const onChosen = vi.fn();
    await renderWithProviders(
      <CompanyModal opened isMandatory={false} currentId={1} onClose={vi.fn()} onChosen={onChosen} />,
    );
    expect(await screen.findByText('21.534.876/0001-98')).toBeTruthy();
    expect(screen.getByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Acessar Beta Serviços ME' }));
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith(beta));
    const put = sentRequests().find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/webapp/companies/2/default');
  });
});
