import { useState } from 'react';
import { GroupMembers } from './group-members';
import { groupsApi, type SecurityGroup } from './security-api';
import { SecurityEditForm, SecurityEditShell } from './security-edit';
import { groupsPath } from './security-list-pages';

function GroupForm({ record }: { record: SecurityGroup | null }) {
  const [members, setMembers] = useState<string[]>(() => record?.user_ids ?? []);
  return (
    <SecurityEditForm
      kind="groups"
      singular="security group"
      basePath={groupsPath}
      record={record}
      otherFields={['user_ids']}
      input={(common) => ({ ...common, user_ids: members })}
      save={groupsApi.save}
      remove={groupsApi.remove}
    >
      {(errors) => <GroupMembers memberIds={members} error={errors.user_ids} onChange={setMembers} />}
    </SecurityEditForm>
  );
}

/** `/staff/admin/security-groups/new` and `/:id`: name, description and members. */
export function SecurityGroupEditPage() {
  return (
    <SecurityEditShell kind="groups" singular="security group" basePath={groupsPath} load={groupsApi.get}>
      {(record) => <GroupForm record={record} />}
    </SecurityEditShell>
  );
}
