/**
 * The visitor's country (ISO 3166 alpha-2), derived without outside calls: the header a trusted
 * proxy sets (CHAT_COUNTRY_HEADER, e.g. Cloudflare's `CF-IPCountry`), else the region of the
 * browser's language (`es-MX` → MX: the language a person chose, not where they are, so it is
 * used only when no proxy says). Unknown: null.
 */
export function visitorCountry(
  headers: Record<string, string | string[] | undefined>,
  countryHeader: string | undefined,
  language: string | undefined,
): string | null {
  if (countryHeader) {
    const value = headers[countryHeader];
    const country = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
    // Cloudflare's XX (unknown) and T1 (Tor) name no country.
    if (country && /^[A-Z]{2}$/.test(country) && country !== 'XX' && country !== 'T1') return country;
  }
  const acceptLanguage = headers['accept-language'];
  const first = typeof acceptLanguage === 'string' ? acceptLanguage.split(',')[0]?.split(';')[0] : undefined;
  return regionOf(language) ?? regionOf(first);
}

/** `pt-BR` → BR, `zh-Hant-TW` → TW; a language without a region → null. */
function regionOf(tag: string | undefined): string | null {
  if (!tag) return null;
  const region = tag
    .trim()
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  return region ? region.toUpperCase() : null;
}
