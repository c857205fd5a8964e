import { ListItemText, MenuItem, TextField } from '@mui/material';
import { type UserRole, userRoleSchema } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A role picker whose options say what each role may do. Only an owner may make someone an
 * owner (the server refuses it to admins): for others the option is there but disabled.
 */
export function RoleSelect({
  value,
  onChange,
  canGrantOwner,
  label,
  disabled,
  size,
}: {
  value: UserRole;
  onChange: (role: UserRole) => void;
  canGrantOwner: boolean;
  label: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation(['company', 'common']);
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      size={size}
      onChange={(event) => onChange(userRoleSchema.parse(event.target.value))}
      slotProps={{
        select: { renderValue: (role) => t(`common:roles.${userRoleSchema.parse(role)}`) },
      }}
      sx={{ minWidth: 150 }}
    >
      {userRoleSchema.options.map((role) => (
        <MenuItem
          key={role}
          value={role}
          disabled={role === 'owner' && !canGrantOwner}
          sx={{ maxWidth: 360 }}
        >
          <ListItemText
            primary={t(`common:roles.${role}`)}
            secondary={t(`team.roleHelp.${role}`)}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}
