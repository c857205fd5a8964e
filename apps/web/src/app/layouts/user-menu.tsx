import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { currentUserQuery, displayName, initials } from '../../shared/session/current-user';
import { signOut } from '../../shared/session/sign-out';
import { LanguageItems } from './language-menu';

/** The person's menu: profile, language, sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const close = () => {
    setAnchor(null);
    setLanguagesOpen(false);
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('userMenu.open', { name: displayName(user) })}
        aria-haspopup="menu"
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}>
          {initials(user)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography fontWeight={650}>{displayName(user)}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={`/v2/profile/${user.id}`} onClick={close}>
          <ListItemIcon>
            <PersonOutlineRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => setLanguagesOpen((open) => !open)} aria-expanded={languagesOpen}>
          <ListItemIcon>
            <TranslateRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.language')}</ListItemText>
        </MenuItem>
        {languagesOpen && (
          <Box sx={{ pl: 2 }}>
            <LanguageItems onChosen={close} />
          </Box>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            signOut(queryClient);
            void navigate('/v2/login', { replace: true });
          }}
        >
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
