// The renderer's entry: connect to the host (Electron IPC or the browser's own API), make the kinds'
// stores (their editors register with the frame), put back the last session's work
// (frame/session.ts), then the Vue app with Pinia.
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import './workbench.css'
import App from './App.vue'
import { connect } from './api'
import { useSession } from './frame/session'
import { setupKinds } from './kinds/views'

void connect()
  .then(async () => {
    const pinia = createPinia()
    const app = createApp(App).use(pinia)
    setupKinds()
    const session = useSession(pinia)
    await session.restore()
    // What is still waiting to be written goes now: the page may not come back.
    window.addEventListener('pagehide', session.flush)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') session.flush()
    })
    app.mount('#app')
  })
  .catch((e: unknown) => {
    document.body.textContent = `Halma Workbench could not start: ${e instanceof Error ? e.message : String(e)}`
  })
