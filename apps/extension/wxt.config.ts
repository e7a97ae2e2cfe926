import { readFileSync } from 'node:fs';
import { defineConfig } from 'wxt';

// The release's version (the root package's), so both zips carry the same version as the server.
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  srcDir: 'src',
  publicDir: 'public',
  manifestVersion: 3,
  zip: { artifactTemplate: 'twofold-extension-{{browser}}-{{version}}.zip', zipSources: false },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    version,
    permissions: ['storage', 'activeTab', 'scripting'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    icons: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' },
    action: { default_title: '__MSG_extName__', default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' } },
    commands: {
      'fill-best': {
        suggested_key: { default: 'Alt+Shift+F' },
        description: '__MSG_commandFillBest__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'extension@twofold.app',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
