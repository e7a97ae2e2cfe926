import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests of the web app (pure logic, i18n catalogues, components in happy-dom).
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
