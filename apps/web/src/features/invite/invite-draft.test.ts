import { describe, expect, it } from 'vitest';
import {
  buildPersonCreation,
  type DraftField,
  type InviteDraft,
  initialDraft,
  stepFields,
  validateFields,
} from './invite-draft';
import { formatPhone, phoneDigits } from './phone';

const filled: InviteDraft = {
  personName: 'Marina Souza',
  email: 'convite1@demo.test',
  password: 'abc123',
  confirm: 'abc123',
  whatsAppStatus: 'NOT_RECEIVE',
  phoneNumber: '',
  acceptedTerms: true,
};

const messages = (fields: readonly DraftField[], values: InviteDraft) =>
  validateFields(fields, values).map((issue) => `${issue.field}: ${issue.message}`);

describe('the phone rule (docs/product screens)', () => {
  const receive = (phoneNumber: string) =>
    messages(stepFields.phone, { ...filled, whatsAppStatus: 'RECEIVE', phoneNumber });

  it('accepts a 2-digit area code (each 1 to 9) then 8 or 9 digits', () => {
    expect(receive('11987654321')).toEqual([]);
    expect(receive('2140000000')).toEqual([]);
    expect(receive('99999999999')).toEqual([]);
  });

  it('rejects an area digit 0, a short or long number', () => {
    for (const bad of ['01987654321', '10987654321', '119876543', '119876543210', '1198765432a']) {
      expect(receive(bad), bad).toEqual(['phoneNumber: validation.phone.invalid']);
    }
  });

  it('is required with RECEIVE only', () => {
    expect(receive('')).toEqual(['phoneNumber: validation.phone.required']);
    expect(messages(stepFields.contact, { ...filled, phoneNumber: '' })).toEqual([]);
    expect(messages(stepFields.contact, { ...filled, whatsAppStatus: 'NOT_KNOWN' })).toEqual([]);
  });

  it('is typed through the mask and kept as digits', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1140000000')).toBe('(11) 4000-0000');
  });
});

describe('one step of the contract form schema', () => {
  const empty = initialDraft('Convite1@Demo.Test');

  it('reports only the step’s own fields, even when later steps are still empty', () => {
    expect(empty.email).toBe('convite1@demo.test');
    expect(messages(stepFields.identification, empty)).toEqual([
      'personName: validation.personName.required',
    ]);
    expect(messages(stepFields.identification, { ...empty, personName: '   ' })).toEqual([
      'personName: validation.personName.required',
    ]);
    expect(messages(stepFields.identification, { ...empty, personName: 'Marina' })).toEqual([]);
  });

  it('checks the confirmation against the password (cross-field rule of the schema)', () => {
    expect(messages(stepFields.password, empty)).toEqual([
      'password: validation.password.required',
      'confirm: validation.confirm.required',
    ]);
    expect(messages(stepFields.password, { ...empty, password: 'abc', confirm: 'ab' })).toEqual([
      'password: validation.password.min',
      'confirm: validation.confirm.min',
    ]);
    expect(messages(stepFields.password, { ...empty, password: 'abcd', confirm: 'abce' })).toEqual([
      'confirm: validation.confirm.mismatch',
    ]);
    // The mobile steps: the password alone ignores a stale confirmation; the confirmation uses the password.
    expect(messages(stepFields.confirm, { ...empty, password: 'abcd', confirm: 'abce' })).toEqual([
      'confirm: validation.confirm.mismatch',
    ]);
    expect(messages(['password'], { ...empty, password: 'abcd', confirm: 'zzzz' })).toEqual([]);
  });

  it('requires the terms', () => {
    expect(messages(stepFields.terms, empty)).toEqual(['acceptedTerms: validation.terms.required']);
    expect(messages(stepFields.terms, { ...empty, acceptedTerms: true })).toEqual([]);
  });
});

describe('the person creation body', () => {
  it('sends the phone only with RECEIVE, trimmed values as the contract outputs them', () => {
    const noPhone = buildPersonCreation({
      ...filled,
      personName: ' Marina Souza ',
      phoneNumber: '11987654321',
    });
    expect(noPhone.body).toEqual({ ...filled, personName: 'Marina Souza', phoneNumber: undefined });
    expect(noPhone.body).not.toHaveProperty('phoneNumber');
    const withPhone = buildPersonCreation({
      ...filled,
      whatsAppStatus: 'RECEIVE',
      phoneNumber: '11987654321',
    });
    expect(withPhone.body?.phoneNumber).toBe('11987654321');
  });

  it('answers the issues of an incomplete draft instead', () => {
    const result = buildPersonCreation({ ...filled, confirm: 'other', acceptedTerms: false });
    expect(result.body).toBeNull();
    expect(result.issues.map((issue) => issue.field)).toEqual(['acceptedTerms', 'confirm']);
  });
});
