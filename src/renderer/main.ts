// The renderer's entry: connect to the host (Electron IPC or the browser's own API), then the Vue
// app with Pinia and vue-konva.
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import VueKonva from 'vue-konva'
import App from './App.vue'
import { connect } from './api'

void connect().then(
  () => createApp(App).use(createPinia()).use(VueKonva).mount('#app'),
  (e: unknown) => {
    document.body.textContent = `Halma Workbench could not start: ${e instanceof Error ? e.message : String(e)}`
  },
)
