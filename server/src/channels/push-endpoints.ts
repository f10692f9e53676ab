/** Whether an endpoint belongs to one of the push services (`https://*.example.com`: any subdomain). */
export function allowedEndpoint(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return services.some((service) => {
    const wild = service.match(/^(https?):\/\/\*\.(.+)$/);
    if (!wild) return url.origin === service;
    return url.protocol === `${wild[1]}:` && url.host.endsWith(`.${wild[2]}`);
  });
}
