import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/renderer/**/*.test.ts', 'tests/fuzz/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/build-cli.ts'],
    testTimeout: 60_000,
  },
})
