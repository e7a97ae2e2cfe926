import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchSharedBrowser,
  screenshots,
  startResettableServer,
  type BrowserSession,
  type ResettableServer,
  type SharedBrowser,
} from './harness';
import { registerByApi, USER } from './identity';

interface Texts {
  readonly locale: string;
  readonly register: {
    title: string;
    name: string;
    email: string;
    password: string;
    confirm: string;
    submit: string;
  };
  readonly englishMismatch: string;
  readonly device: { title: string; later: string };
  readonly signOut: string;
  readonly login: { welcome: string; submit: string; failed: string; title: string };
}

const journeys: Texts[] = [
  {
    locale: 'fr-FR',
    register: {
      title: 'Créez votre compte',
      name: 'Nom',
      email: 'E-mail',
      password: 'Mot de passe',
      confirm: 'Confirmer le mot de passe',
      submit: "S'inscrire",
    },
    englishMismatch: 'The password field confirmation does not match.',
    device: { title: 'Ajouter une clé de sécurité', later: 'Plus tard' },
    signOut: 'Se déconnecter',
    login: {
      welcome: `Bon retour ${USER.name}`,
      submit: 'Se connecter',
      failed: "Échec de l'authentification",
      title: 'Connexion · Twofold',
    },
  },
  {
    locale: 'de-DE',
    register: {
      title: 'Konto erstellen',
      name: 'Name',
      email: 'E-Mail',
      password: 'Passwort',
      confirm: 'Passwort bestätigen',
      submit: 'Registrieren',
    },
    englishMismatch: 'The password field confirmation does not match.',
    device: { title: 'Sicherheitsschlüssel hinzufügen', later: 'Vielleicht später' },
    signOut: 'Abmelden',
    login: {
      welcome: `Willkommen zurück ${USER.name}`,
      submit: 'Anmelden',
      failed: 'Authentifizierung fehlgeschlagen',
      title: 'Anmelden · Twofold',
    },
  },
];

describe.each(journeys)('the sign-in journey in $locale', (texts) => {
  let server: ResettableServer;
  let chromium: SharedBrowser;
  let browser: BrowserSession;
  const short = texts.locale.slice(0, 2);

  // One server and one browser for the file; each test starts from a new install's database
  // (reset through the API), in a fresh browser context.
  beforeAll(async () => {
    server = await startResettableServer();
    chromium = await launchSharedBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await server.reset();
    browser = await chromium.newSession({ locale: texts.locale });
  });

  afterEach(async () => {
    await browser?.close();
  });

  it('registers, with the server speaking the same language', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByRole('heading', { name: texts.register.title }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(short);
    await page.getByLabel(texts.register.name, { exact: true }).fill(USER.name);
    await page.getByLabel(texts.register.email, { exact: true }).fill(USER.email);
    await page.getByLabel(texts.register.password, { exact: true }).fill(USER.password);
    await page.getByLabel(texts.register.confirm, { exact: true }).fill('not the same');
    await page.getByRole('button', { name: texts.register.submit }).click();
    const error = page.locator('.field-error').first();
    await error.waitFor();
    // The validation message comes from the server, in the interface language.
    await expect.poll(() => error.textContent()).not.toBe(texts.englishMismatch);
    await screenshots(page, `register-invalid-${short}`);

    await page.getByLabel(texts.register.confirm, { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: texts.register.submit }).click();
    await page.getByRole('heading', { name: texts.device.title }).waitFor();
    await page.getByRole('button', { name: texts.device.later }).click();
    await page.waitForURL(/\/(accounts|start)/);
  });

  it('signs out and back in', async () => {
    const { page } = browser;
    await registerByApi(page, server.url);
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: texts.signOut }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: texts.signOut }).click();
    await page.getByRole('heading', { name: texts.login.welcome }).waitFor();
    await expect.poll(() => page.title()).toBe(texts.login.title);
    await page.getByLabel(texts.register.email, { exact: true }).fill(USER.email);
    await page.getByLabel(texts.register.password, { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: texts.login.failed }).waitFor();
    await screenshots(page, `login-failed-${short}`);
    await page.getByLabel(texts.register.password, { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
    await page.waitForURL(/\/(accounts|start)/);
  });
});
