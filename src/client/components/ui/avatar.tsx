import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn, initials } from '../../lib/utils';

export function UserAvatar({
  src,
  firstName,
  lastName,
  className,
}: {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root className={cn('ui-avatar', className)}>
      {src ? <AvatarPrimitive.Image className="aspect-square size-full object-cover" src={src} alt={`${firstName ?? ''} ${lastName ?? ''}`.trim()} /> : null}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
        {initials(firstName, lastName)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
