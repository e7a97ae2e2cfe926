import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const err = (field: string, message: string) => ({ message, errors: { [field]: [message] } });

describeEachDatabase('localised messages', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('answers a 422 in the Accept-Language of the caller', async () => {
    const english = await call('POST', '/api/v1/groups', {});
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual(err('name', 'The name field is required.'));

    const french = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'fr-FR' });
    expect(french.statusCode).toBe(422);
    expect(french.json()).toEqual(err('name', 'Le champ nom est obligatoire.'));

    const german = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'de' });
    expect(german.statusCode).toBe(422);
    expect(german.json()).toEqual(err('name', 'Das Feld Name ist erforderlich.'));

    const chinese = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(chinese.json()).toEqual(err('name', '名称 不能为空。'));

    const brazilian = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'pt-BR,pt;q=0.9' });
    expect(brazilian.json()).toEqual(err('name', 'O campo nome é obrigatório.'));

    const italian = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'it-IT' });
    expect(italian.json()).toEqual(err('name', 'Il campo nome è obbligatorio.'));

    const arabic = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'ar-EG, fa;q=0.5' });
    expect(arabic.json()).toEqual(err('name', 'حقل الاسم مطلوب.'));

    const unknown = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'he-IL, th;q=0.5' });
    expect(unknown.json()).toEqual(err('name', 'The name field is required.'));
  });

  it('localises custom validation messages and the "more errors" suffix', async () => {
    const reserved = await call('POST', '/api/v1/groups', { name: 'Tous' }, { 'accept-language': 'es' });
    expect(reserved.json()).toEqual(err('name', 'Nombre reservado, elija otro'));

    const many = await call('POST', '/api/v1/twofaccounts', {}, { 'accept-language': 'fr' });
    expect(many.statusCode).toBe(422);
    const body = many.json<{ message: string; errors: Record<string, string[]> }>();
    const messages = Object.values(body.errors).flat();
    expect(messages.length).toBeGreaterThan(1);
    const more = messages.length - 1;
    expect(body.message).toBe(`${messages[0]} (et ${more} ${more === 1 ? 'erreur' : 'erreurs'} en plus)`);
    expect(messages[0]).toMatch(/^Le champ /);
  });

  it('keeps the machine tokens clients match on in English', async () => {
    const headers = { 'accept-language': 'fr' };
    expect((await call('GET', '/api/v1/groups/99', undefined, headers)).json()).toEqual({
      message: 'not found',
    });
    expect((await call('GET', '/api/v1/nothing-here', undefined, headers)).json()).toEqual({
      message: 'unknowkn endpoint',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/groups', headers });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it("uses the user's lang setting over Accept-Language unless it is 'browser'", async () => {
    expect((await call('PUT', '/api/v1/settings/lang', { value: 'de' })).statusCode).toBe(200);
    const german = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'fr-FR' });
    expect(german.json()).toEqual(err('name', 'Das Feld Name ist erforderlich.'));
    expect((await call('GET', '/api/v1/groups')).json<{ name: string }[]>()[0]?.name).toBe('Alle');

    expect((await call('PUT', '/api/v1/settings/lang', { value: 'browser' })).statusCode).toBe(200);
    const french = await call('POST', '/api/v1/groups', {}, { 'accept-language': 'fr-FR' });
    expect(french.json()).toEqual(err('name', 'Le champ nom est obligatoire.'));
  });
});
