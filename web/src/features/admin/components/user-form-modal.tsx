import { Button, Checkbox, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { USER_MESSAGES } from '@contract/users';
import type { House } from '../api/houses';
import type { User, UserFormValues } from '../api/users';

type UserFormModalProps = {
  opened: boolean;
  user: User | null;
  houses: House[];
  pending: boolean;
  onClose: () => void;
  onSubmit: (values: UserFormValues) => void;
};

type Errors = { username?: string; password?: string };

export function validateUser(values: UserFormValues, editing: boolean): Errors {
  const errors: Errors = {};
  if (values.username.trim().length < 3) errors.username = USER_MESSAGES.usernameTooShort;
  if ((values.password !== '' || !editing) && values.password.length < 6) errors.password = USER_MESSAGES.passwordTooShort;
  return errors;
}

/** Create or edit one user; mounted afresh for each opening so it starts from the user's values. */
export function UserFormModal({ opened, user, houses, pending, onClose, onSubmit }: UserFormModalProps) {
  const [username, setUsername] = useState(user?.username ?? '');
  const [password, setPassword] = useState('');
  const [houseId, setHouseId] = useState<string>(user?.houseId ? String(user.houseId) : 'null');
  const [isAdmin, setIsAdmin] = useState(user?.isAdmin ?? false);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: UserFormValues = {
      username: username.trim(),
      password,
      houseId: houseId === 'null' || houseId === '' ? null : Number.parseInt(houseId, 10),
      isAdmin,
    };
    const found = validateUser(values, user !== null);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Add User'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Username" value={username} onChange={(event) => setUsername(event.currentTarget.value)} error={errors.username} />
          <PasswordInput
            label={user ? 'Password (leave empty to keep current)' : 'Password'}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
          />
          <Select
            label="House"
            data={[{ value: 'null', label: 'None' }, ...houses.map((house) => ({ value: String(house.id), label: house.name }))]}
            value={houseId}
            onChange={(value) => setHouseId(value ?? 'null')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Admin User"
            description="This user will have full administrative access"
            checked={isAdmin}
            onChange={(event) => setIsAdmin(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {user ? 'Update User' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
