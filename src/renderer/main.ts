// The renderer's entry: connect to the host (Electron IPC or the browser's own API), put back the
// last session's work (stores/session.ts), then the Vue app with Pinia and vue-konva.
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import VueKonva from 'vue-konva'
import App from './App.vue'
import { connect } from './api'
import { useSession } from './stores/session'

void connect()
  .then(async () => {
    const pinia = createPinia()
    const app = createApp(App).use(pinia).use(VueKonva)
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
