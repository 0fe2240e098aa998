import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../field-errors';
import {
  changePasswordCall,
  creditIdsSchema,
  creditsQuerySchema,
  emailCheckSchema,
  finishPasswordResetCall,
  issueTokenCall,
  parseCreditSort,
  passwordChangeFormSchema,
  personCreationFormSchema,
  personCreationSchema,
  requestPasswordResetCall,
} from './index';

const person = {
  personName: 'Ana Souza',
  email: 'ana@example.test',
  password: 'demo1234',
  confirm: 'demo1234',
  acceptedTerms: true,
};

const fieldErrorsOf = (result: { error?: { issues: Parameters<typeof toFieldErrors>[0] } }) =>
  result.error ? toFieldErrors(result.error.issues) : [];

describe('request bodies', () => {
  it.each([
    [
      'token request',
      issueTokenCall.body,
      { username: 'a@b.co', password: 'x', grant_type: 'password', client_id: 'c', client_secret: 's' },
    ],
    ['password reset', finishPasswordResetCall.body, { key: 'k', password: 'abcd', confirm: 'abcd' }],
    [
      'password change',
      changePasswordCall.body,
      { currentPassword: 'a', newPassword: 'abcd', newPasswordConfirm: 'abcd' },
    ],
    ['person creation', personCreationSchema, person],
    ['email check', emailCheckSchema, { email: 'a@b.co', token: 't' }],
  ])('%s accepts a good body and rejects an unknown field', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
    const result = schema.safeParse({ ...body, isAdmin: true });
    expect(fieldErrorsOf(result)).toEqual([{ field: 'isAdmin', message: 'validation.unknownField' }]);
  });

  it('keeps any grant type a string, for the handler to answer unsupported_grant_type', () => {
    const body = {
      username: ' Ana@Example.TEST ',
      password: 'x',
      grant_type: 'client_credentials',
      client_id: 'c',
      client_secret: 's',
    };
    expect(issueTokenCall.body.parse(body)).toMatchObject({
      username: 'ana@example.test',
      grant_type: 'client_credentials',
    });
  });

  it('leaves the client out of a token request that carries it in a Basic header', () => {
    const body = { username: 'a@b.co', password: 'x', grant_type: 'password', scope: 'read write' };
    expect(issueTokenCall.body.safeParse(body).success).toBe(true);
    expect(fieldErrorsOf(issueTokenCall.body.safeParse({ ...body, client_id: 7 }))).toEqual([
      { field: 'client_id', message: 'validation.invalid' },
    ]);
  });

  it('takes the reset request as plain text or as JSON, and hands over {email}', () => {
    expect(requestPasswordResetCall.body.parse(' ana@example.test ')).toEqual({ email: 'ana@example.test' });
    expect(requestPasswordResetCall.body.parse({ email: 'ana@example.test' })).toEqual({
      email: 'ana@example.test',
    });
    expect(fieldErrorsOf(requestPasswordResetCall.body.safeParse('nope'))).toEqual([
      { field: 'email', message: 'validation.email.invalid' },
    ]);
  });

  it('refuses a reset whose confirmation differs, on the confirmation', () => {
    const result = finishPasswordResetCall.body.safeParse({ key: 'k', password: 'abcd', confirm: 'abce' });
    expect(fieldErrorsOf(result)).toEqual([{ field: 'confirm', message: 'validation.confirm.mismatch' }]);
  });

  it('lets a differing password change reach the handler, but not the profile form', () => {
    const body = { currentPassword: 'old', newPassword: 'abcd', newPasswordConfirm: 'abce' };
    expect(changePasswordCall.body.safeParse(body).success).toBe(true);
    expect(fieldErrorsOf(passwordChangeFormSchema.safeParse(body))).toEqual([
      { field: 'newPasswordConfirm', message: 'validation.confirm.mismatch' },
    ]);
  });

  it('words every form rule (docs/product screens) as a catalogue key', () => {
    const result = personCreationSchema.safeParse({
      personName: '',
      email: `${'a'.repeat(95)}@b.com`,
      password: 'abc',
      confirm: 'x'.repeat(101),
      phoneNumber: '01987654321',
      acceptedTerms: false,
    });
    expect(fieldErrorsOf(result)).toEqual([
      { field: 'personName', message: 'validation.personName.required' },
      { field: 'email', message: 'validation.email.max' },
      { field: 'password', message: 'validation.password.min' },
      { field: 'confirm', message: 'validation.confirm.max' },
      { field: 'phoneNumber', message: 'validation.phone.invalid' },
      { field: 'acceptedTerms', message: 'validation.terms.required' },
    ]);
    expect(fieldErrorsOf(personCreationSchema.safeParse({}))).toContainEqual({
      field: 'email',
      message: 'validation.email.required',
    });
  });

  it('defaults whatsAppStatus, accepts an empty phone, and the wizard form asks for a phone with RECEIVE', () => {
    expect(personCreationSchema.parse(person).whatsAppStatus).toBe('NOT_KNOWN');
    expect(personCreationSchema.safeParse({ ...person, phoneNumber: '' }).success).toBe(true);
    expect(personCreationSchema.safeParse({ ...person, phoneNumber: '11987654321' }).success).toBe(true);
    expect(personCreationSchema.safeParse({ ...person, phoneNumber: '1198765432' }).success).toBe(true);
    expect(personCreationSchema.safeParse({ ...person, phoneNumber: '(11) 98765-4321' }).success).toBe(false);
    expect(
      fieldErrorsOf(personCreationFormSchema.safeParse({ ...person, whatsAppStatus: 'RECEIVE' })),
    ).toEqual([{ field: 'phoneNumber', message: 'validation.phone.required' }]);
  });
});

describe('credit ids', () => {
  it('take 1 to 5000 distinct positive ids', () => {
    expect(creditIdsSchema.safeParse([1, 2, 3]).success).toBe(true);
    expect(fieldErrorsOf(creditIdsSchema.safeParse([]))).toEqual([
      { field: '', message: 'validation.ids.required' },
    ]);
    expect(fieldErrorsOf(creditIdsSchema.safeParse([1, 1]))).toEqual([
      { field: '', message: 'validation.ids.duplicate' },
    ]);
    expect(fieldErrorsOf(creditIdsSchema.safeParse([1, 0]))).toEqual([
      { field: '1', message: 'validation.id.invalid' },
    ]);
    expect(fieldErrorsOf(creditIdsSchema.safeParse(['1']))).toEqual([
      { field: '0', message: 'validation.id.invalid' },
    ]);
    const many = Array.from({ length: 5001 }, (_, i) => i + 1);
    expect(fieldErrorsOf(creditIdsSchema.safeParse(many))).toEqual([
      { field: '', message: 'validation.ids.max' },
    ]);
  });
});

describe('credit list query', () => {
  it('defaults page and size and coerces them from strings', () => {
    expect(creditsQuerySchema.parse({})).toEqual({ page: 0, size: 30 });
    expect(creditsQuerySchema.parse({ page: '2', size: '100', sort: 'creditEstimate.total,desc' })).toEqual({
      page: 2,
      size: 100,
      sort: 'creditEstimate.total,desc',
    });
  });

  it.each([
    [{ page: '-1' }, 'page', 'validation.page.invalid'],
    [{ size: '0' }, 'size', 'validation.size.invalid'],
    [{ size: '101' }, 'size', 'validation.size.invalid'],
    [{ size: 'ten' }, 'size', 'validation.size.invalid'],
    [{ sort: 'password,asc' }, 'sort', 'validation.sort.invalid'],
    [{ sort: 'expireDate' }, 'sort', 'validation.sort.invalid'],
    [{ sort: 'expireDate,up' }, 'sort', 'validation.sort.invalid'],
  ])('rejects %o', (query, field, message) => {
    expect(fieldErrorsOf(creditsQuerySchema.safeParse(query))).toEqual([{ field, message }]);
  });

  it('splits a sort into key and direction', () => {
    expect(parseCreditSort('importedDocuments.buyer.name,asc')).toEqual({
      key: 'importedDocuments.buyer.name',
      direction: 'asc',
    });
  });
});
