// electron-vite's module kinds for the main process (`?modulePath`).
/// <reference types="electron-vite/node" />
