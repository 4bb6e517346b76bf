/**
 * The attribute of the landing header's container: in the landing document (landing-main.ts) it is the only part
 * hydrated, on its first use (decision 028). Its own module so that document's script imports no React.
 */
export const LANDING_HEADER_ISLAND = 'data-landing-header';
