import CheckRounded from '@mui/icons-material/CheckRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '../i18n';

/** Language items, shared by the sign-in screens' switcher and the user menu. */
export function LanguageItems({ onChosen }: { onChosen?: () => void }) {
  const { i18n } = useTranslation();
  return languages.map((language) => {
    const selected = i18n.resolvedLanguage === language.code;
    return (
      <MenuItem
        key={language.code}
        selected={selected}
        lang={language.code}
        onClick={() => {
          void i18n.changeLanguage(language.code);
          onChosen?.();
        }}
      >
        <ListItemIcon>{selected && <CheckRounded fontSize="small" />}</ListItemIcon>
        <ListItemText>{language.label}</ListItemText>
      </MenuItem>
    );
  });
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = languages.find((language) => language.code === i18n.resolvedLanguage) ?? languages[0];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateRounded />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('language.choose')}
        aria-haspopup="menu"
      >
        {current.label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <LanguageItems onChosen={() => setAnchor(null)} />
      </Menu>
    </>
  );
}
