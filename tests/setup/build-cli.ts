// The CLI tests run the real `halma` bundle; build it fresh from the sources first.
import { execFileSync } from 'node:child_process'

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' })
}
