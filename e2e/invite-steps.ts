import type { Locator, Page, TestInfo } from '@playwright/test';
import type { DemoInvite, Seed, SeedOptions } from './data-fixtures';
import { expect } from './fixtures';

/** Steps of the invitation wizard, on either layout. */
export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/**
 * An OPEN invite of the test's own, so any test may finish it: a copy of a demo one (e2e/data-fixtures.ts)
 * under a token and address no other test has. The desktop copies demo-invite-open-1 (Alfa Componentes), the
 * phone demo-invite-open-2 (Beta Serviços). `also` adds more of the test's data to the same import (a user
 * whose address the invite may not take).
 */
export async function openInvite(seed: Seed, testInfo: TestInfo, also: SeedOptions = {}) {
  const phone = isPhone(testInfo);
  const demoToken: DemoInvite = phone ? 'demo-invite-open-2' : 'demo-invite-open-1';
  const shown = phone
    ? {
        company: 'Beta Serviços',
        companyName: 'Beta Serviços ME',
        identification: '30982157000120',
        identificationShown: '30.982.157/0001-20',
      }
    : {
        company: 'Alfa Componentes',
        companyName: 'Alfa Componentes Ltda',
        identification: '21534876000198',
        identificationShown: '21.534.876/0001-98',
      };
  const world = await seed({ participations: false, ...also, invites: [demoToken] });
  return { ...shown, ...world.invite[demoToken], world };
}

export type StepName =
  | 'user'
  | 'person'
  | 'editEmail'
  | 'password'
  | 'confirm'
  | 'informative'
  | 'phone'
  | 'terms';

/** Desktop: the heading of the step's screen. Mobile: the name of the step's section. */
const desktopHeadings: Record<StepName, string> = {
  user: 'Identificação',
  person: 'Identificação',
  editEmail: 'Alterar e-mail',
  password: 'Crie sua senha',
  confirm: 'Crie sua senha',
  informative: 'Contato',
  phone: 'Contato',
  terms: 'Termos de uso',
};
const mobileSections: Record<StepName, string> = {
  user: 'Usuário',
  person: 'Dados pessoais',
  editEmail: 'Usuário',
  password: 'Senha',
  confirm: 'Confirmação da senha',
  informative: 'WhatsApp',
  phone: 'Celular',
  terms: 'Termos de uso',
};

/** The form of a step: on a desktop the screen with its heading, on a phone the open section. */
export function stepOf(page: Page, testInfo: TestInfo, name: StepName): Locator {
  if (isPhone(testInfo)) return page.getByRole('region', { name: mobileSections[name], exact: true });
  return page
    .locator('form')
    .filter({ has: page.getByRole('heading', { name: desktopHeadings[name], exact: true }) });
}

export const continueIn = (step: Locator) => step.getByRole('button', { name: 'Continuar' });
export const backIn = (step: Locator) => step.getByRole('button', { name: 'Voltar' });

/** Opens the invite and leaves the welcome. */
export async function startWizard(page: Page, token: string) {
  await page.goto(`/accept-invite/${token}`);
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByRole('heading', { name: 'Crie seu acesso' })).toBeVisible();
}

/** Fills the identification (and, on a phone, the user step before it) and continues. */
export async function passIdentification(page: Page, testInfo: TestInfo, name: string) {
  if (isPhone(testInfo)) await continueIn(stepOf(page, testInfo, 'user')).click();
  const person = stepOf(page, testInfo, 'person');
  await person.getByRole('textbox', { name: 'Nome completo' }).fill(name);
  await continueIn(person).click();
}

/** Password and confirmation: one screen on a desktop, two steps on a phone. */
export async function passPassword(page: Page, testInfo: TestInfo, password: string, confirm = password) {
  const step = stepOf(page, testInfo, 'password');
  await step.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  if (isPhone(testInfo)) await continueIn(step).click();
  const confirmStep = stepOf(page, testInfo, 'confirm');
  await confirmStep.getByRole('textbox', { name: 'Confirme a senha' }).fill(confirm);
  await continueIn(confirmStep).click();
}

/** The WhatsApp choice (and the phone with RECEIVE), continuing to the terms. */
export async function passContact(page: Page, testInfo: TestInfo, choice: 'receive' | 'not', phone = '') {
  const informative = stepOf(page, testInfo, 'informative');
  await informative
    .getByRole('radio', { name: choice === 'receive' ? 'Sim, quero receber' : 'Não quero receber' })
    .check();
  if (choice === 'receive' && isPhone(testInfo)) await continueIn(informative).click();
  if (choice === 'receive') {
    const step = stepOf(page, testInfo, 'phone');
    await step.getByRole('textbox', { name: 'Celular com DDD' }).pressSequentially(phone);
    await continueIn(step).click();
  } else {
    await continueIn(informative).click();
  }
  await expect(stepOf(page, testInfo, 'terms')).toBeVisible();
}

/** Waits until no CSS transition or animation runs, so a screenshot shows the screen as it rests. */
export async function settle(page: Page) {
  // Two frames first: on a busy machine, the transition the last action starts may not exist yet when the
  // check below runs, and axe would then read colours halfway through it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}
