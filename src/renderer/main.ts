// The renderer's entry: the Vue app with Pinia and vue-konva.
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import VueKonva from 'vue-konva'
import App from './App.vue'

createApp(App).use(createPinia()).use(VueKonva).mount('#app')
