// A clock and timers exist in every host the engine runs in (Node, browsers, Web Workers, Electron's
// utility process). They are declared here, and nothing else, because the core compiles without DOM
// or Node types.
declare function setTimeout(handler: () => void, ms?: number): unknown
declare const performance: { now(): number }
