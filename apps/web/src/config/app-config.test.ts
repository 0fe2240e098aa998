// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './app-config';

describe('the build configuration', () => {
  it('defaults: same-origin API, pt-BR, BRL, nothing disabled, default flavor', () => {
    const config = parseAppConfig({});
    expect(config).toMatchObject({
      basePath: '/',
      apiHost: '',
      defaultLocale: 'pt-BR',
      currency: 'BRL',
      flavor: 'default',
      organizationSlug: '',
    });
    expect(config.disabledRoutes.size).toBe(0);
    expect(config.external.giroApi).toMatch(/^https:\/\//);
    expect(config.external.fullTerms).toBe('');
    // The older front end's three pages, each with an address of its own.
    expect(config.external.legacyTermsWebview).toBe('https://legado.giro.example/fornecedor/termos');
    expect(config.external.legacyCreditApprovedDetail).toBe(
      'https://legado.giro.example/fornecedor/credito-aprovado',
    );
  });

  it('reads every variable', () => {
    const config = parseAppConfig({
      BASE_URL: '/portal',
      VITE_API_HOST: 'https://api.example.test/',
      VITE_DEFAULT_LOCALE: 'en-ZA',
      VITE_DISABLED_ROUTES: 'profile, forgotPassword',
      VITE_URL_GIRO_API: 'https://giro.example.test/api',
      VITE_FLAVOR: 'buyer',
      VITE_SUPPORT_PHONE: '+27 21 000 0000',
      VITE_ORGANIZATION_SLUG: 'demo',
    });
    expect(config.basePath).toBe('/portal/');
    expect(config.apiHost).toBe('https://api.example.test');
    expect(config.defaultLocale).toBe('en-ZA');
    expect([...config.disabledRoutes]).toEqual(['profile', 'forgotPassword']);
    expect(config.external.giroApi).toBe('https://giro.example.test/api');
    expect(config.flavor).toBe('buyer');
    expect(config.supportPhone).toBe('+27 21 000 0000');
    expect(config.organizationSlug).toBe('demo');
  });

  it('fails the build on a value it cannot honour', () => {
    expect(() => parseAppConfig({ VITE_DISABLED_ROUTES: 'profil' })).toThrow(/unknown routes profil/);
    expect(() => parseAppConfig({ VITE_DEFAULT_LOCALE: 'es' })).toThrow();
    expect(() => parseAppConfig({ VITE_FLAVOR: 'other' })).toThrow();
    expect(() => parseAppConfig({ VITE_URL_SIGNER: 'javascript:alert(1)' })).toThrow(/http/);
  });
});
