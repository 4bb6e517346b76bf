import { UI } from '../../../common/constants';
import type { UserDto } from '../../../common/api-types';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { SidebarBody, type Current } from './sidebar-body';

/** The sidebar below 768 px: a sheet from the left (spec 2), loaded when first opened (app-sidebar.tsx). */
export function MobileSidebar({
  user,
  current,
  open,
  onOpenChange,
}: {
  user: UserDto;
  current: Current;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" style={{ width: UI.sidebarWidthMobile }}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Main navigation of MediateHub</SheetDescription>
        <SidebarBody user={user} collapsed={false} current={current} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
