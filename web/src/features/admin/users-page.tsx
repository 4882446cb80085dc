import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '#common/contracts/admin.ts';
import { ROLES, type Role } from '#common/contracts/accounts.ts';
import { USERS_SKELETON_ROWS } from '#common/rules/admin.ts';
import { PaginationBar } from '@/components/pagination-bar';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, isUnauthorizedError } from '@/lib/api';
import { nameOf } from '@/lib/session';
import { AdminPage, EmptyState, formatDate, hasAdminLevel, LoadFailed, RoleBadge } from '@/components/admin-page';
import { useAdminUsers, useSetRole } from './api';

const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** /admin/users (spec §2.9): people with their role; admins get a role dropdown. */
export function AdminUsersPage() {
  return (
    <AdminPage title="User Management" icon={Users} level="moderator">
      {(user) => <UsersList canChangeRoles={hasAdminLevel(user, 'admin')} />}
    </AdminPage>
  );
}

function UsersList({ canChangeRoles }: { canChangeRoles: boolean }) {
  const [page, setPage] = useState(1);
  const users = useAdminUsers(page);
  if (users.isPending) {
    return (
      <ul className="grid gap-1.5" aria-busy="true" aria-label="Loading users">
        {Array.from({ length: USERS_SKELETON_ROWS }, (_, index) => (
          <li key={index}>
            <Skeleton className="h-12 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (users.isError) return <LoadFailed text="Failed to load users. Please try again." onRetry={() => void users.refetch()} />;
  const { pagination } = users.data;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pagination.totalCount.toLocaleString()} {pagination.totalCount === 1 ? 'user' : 'users'}
      </p>
      {users.data.users.length === 0 ? (
        <EmptyState icon={Users} text="No users on this page." />
      ) : (
        <ul className="divide-y rounded-lg border bg-card" aria-label="Users">
          {users.data.users.map((user) => (
            <UserRow key={user.id} user={user} canChangeRoles={canChangeRoles} />
          ))}
        </ul>
      )}
      <PaginationBar page={pagination.currentPage} totalPages={pagination.totalPages} onPageChange={setPage} />
    </div>
  );
}

function UserRow({ user, canChangeRoles }: { user: AdminUser; canChangeRoles: boolean }) {
  const setRole = useSetRole();
  const name = nameOf(user);
  const onChange = (role: Role) =>
    setRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => toast.success('Role Updated', { description: `${name} is now ${ROLE_LABELS[role]}.` }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          // The last admin's refusal says why; anything else gets the spec's sentence.
          const description = error instanceof ApiError && error.status === 409 && error.serverMessage ? error.serverMessage : 'Failed to update user role. Please try again.';
          toast.error('Error', { description });
        },
      },
    );
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <div className="grid min-w-0 flex-1 basis-48">
        <span className="flex items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          <RoleBadge role={user.role} />
        </span>
        <span className="truncate text-sm text-muted-foreground">{user.email}</span>
      </div>
      <span className="text-xs text-muted-foreground">Joined {formatDate(user.createdAt)}</span>
      {canChangeRoles && (
        <NativeSelect
          className="w-36"
          aria-label={`Role of ${name}`}
          value={user.role}
          disabled={setRole.isPending}
          options={ROLE_OPTIONS}
          onChange={(event) => onChange(event.target.value as Role)}
        />
      )}
    </li>
  );
}
