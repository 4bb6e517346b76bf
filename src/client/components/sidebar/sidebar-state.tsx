import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { UI } from '../../../common/constants';

// Spec 2 + 9: Ctrl/Cmd+B toggles; state kept 7 days in the `sidebar_state` cookie; a sheet below 768 px.
interface SidebarState {
  open: boolean;
  setOpen: (open: boolean) => void;
  isMobile: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

function readCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${UI.sidebarCookieName}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

function useIsMobile(): boolean {
  const query = `(max-width: ${UI.mobileBreakpointPx - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = () => setMobile(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return mobile;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${UI.sidebarCookieName}=${value}; path=/; max-age=${UI.sidebarCookieMaxAgeSeconds}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => (isMobile ? setOpenMobile((o) => !o) : setOpen(!open)), [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === UI.sidebarKeyboardShortcut && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, isMobile, openMobile, setOpenMobile, toggle }), [open, setOpen, isMobile, openMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used inside SidebarProvider');
  return ctx;
}
