import { Search } from 'lucide-react';
import { useId } from 'react';
import { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from '../../../common/enums';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import type { UserFilters as Filters } from './api';
import { ROLE_LABELS, STATUS_LABELS } from './user-labels';

/** Search (name or e-mail), role and status. The search text is debounced by the list, not here: typing stays instant. */
export function UserFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const id = useId();
  return (
    <div role="search" aria-label="Filter users" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder="Name or e-mail"
            maxLength={100}
            value={value.search}
            onChange={(e) => onChange({ ...value, search: e.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect id={`${id}-role`} value={value.role} onChange={(e) => onChange({ ...value, role: e.target.value as UserRole | '' })}>
          <option value="">All roles</option>
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}

          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as UserStatus | '' })}
        >
          <option value="">All statuses</option>
          {USER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
