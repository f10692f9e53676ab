/**
 * No test talks to anything but this machine: any other fetch fails loudly. Imported for its effect
 * by the test databases' and the test app's modules, so every test that runs the app has it.
 */
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`test tried to reach ${url.host}: only 127.0.0.1 is allowed`);
  }
  return realFetch(input, init);
};
