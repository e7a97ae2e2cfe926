/** The Cache Storage name of the catalogues kept for offline use (the service worker reads it). */
export const CATALOGUE_CACHE = 'twofold-catalogues';
