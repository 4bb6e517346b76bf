import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * How the brand, the public footer and the landing page link: a plain anchor by default (the landing document served
 * at / to signed-out visitors has no router, decision 027); the app provides the router's Link so its pages navigate
 * without a reload.
 */
export const SiteLinkContext = createContext<(props: SiteLinkProps) => ReactNode>(({ to, ...props }) => <a href={to} {...props} />);

export function SiteLink(props: SiteLinkProps) {
  return useContext(SiteLinkContext)(props);
}
