import type { TemplateWords } from './template-words';

/**
 * The built-in catalogue's words in Spanish, by template slug: what a person reads when picking
 * and installing a template (names of services and example addresses stay as the services spell them).
 */
export const catalogueSpanish: Record<string, TemplateWords> = {
  'slack-incoming-webhook': {
    name: 'Slack',
    summary: 'Publica un mensaje en un canal de Slack mediante un webhook entrante',
    description:
      'Crea un webhook entrante en tu app de Slack (Features → Incoming Webhooks), elige el canal y pega aquí su dirección. Cada envío publica un mensaje; Slack responde `ok`.',
    fields: {
      webhook_url: {
        label: 'URL del webhook',
        help: 'https://hooks.slack.com/services/… (funciona como una contraseña: mantenla en secreto)',
      },
      message: { label: 'Mensaje', help: 'mrkdwn de Slack; usa las variables de la conversación' },
    },
  },
  'microsoft-teams-incoming-webhook': {
    name: 'Microsoft Teams',
    summary: 'Publica una tarjeta en un canal de Teams mediante un webhook entrante',
    description:
      'Añade al canal un conector Incoming Webhook (o un webhook de Workflows) y pega su dirección. Cada envío publica una tarjeta de mensaje con un título y un texto.',
    fields: {
      webhook_url: { label: 'URL del webhook', help: 'La dirección que Teams dio al conector' },
      title: { label: 'Título', help: '' },
      text: { label: 'Texto', help: 'Markdown; usa las variables de la conversación' },
    },
  },
  'generic-json-post': {
    name: 'POST de JSON',
    summary: 'Envía cualquier JSON a una dirección tuya',
    description:
      'Para tus propios servicios: el bot envía el JSON que escribas a la dirección que indiques, con una cabecera Authorization opcional, y guarda la respuesta JSON en una variable.',
    fields: {
      url: { label: 'Dirección', help: 'https://…' },
      authorization: {
        label: 'Cabecera Authorization',
        help: 'Se envía tal cual, como Bearer <token>; déjala vacía si no hace falta',
      },
      payload: {
        label: 'Cuerpo JSON',
        help: 'Escribe los valores con | tojson para que sigan siendo JSON válido',
      },
    },
  },
  'zapier-catch-hook': {
    name: 'Zapier',
    summary: 'Inicia un Zap con un disparador Catch Hook',
    description:
      'Crea un Zap cuyo disparador sea “Webhooks by Zapier → Catch Hook”, copia aquí su dirección y los datos que escribas inician el Zap. Zapier responde con el id de la petición.',
    fields: {
      hook_url: { label: 'URL del Catch Hook', help: 'https://hooks.zapier.com/hooks/catch/…' },
      payload: { label: 'Datos (JSON)', help: 'Cada clave se convierte en un campo del Zap' },
    },
  },
  'make-custom-webhook': {
    name: 'Make',
    summary: 'Inicia un escenario de Make con un webhook personalizado',
    description:
      'Añade un módulo “Webhooks → Custom webhook” como disparador del escenario, copia aquí su dirección y los datos que escribas ejecutan el escenario. Make responde Accepted.',
    fields: {
      hook_url: { label: 'URL del webhook', help: 'https://hook.<zone>.make.com/…' },
      payload: { label: 'Datos (JSON)', help: 'El escenario ve cada clave como un elemento' },
    },
  },
  'google-sheets-apps-script': {
    name: 'Google Sheets',
    summary: 'Añade una fila a una hoja mediante una app web de Apps Script',
    description:
      'En la hoja, abre Extensiones → Apps Script, añade un doPost(e) que agregue JSON.parse(e.postData.contents).row a la hoja que se indica, impleméntalo como app web (acceso: cualquier persona) y pega aquí la dirección /exec.',
    fields: {
      script_url: { label: 'URL de la app web', help: 'https://script.google.com/macros/s/…/exec' },
      sheet: { label: 'Nombre de la hoja', help: 'La pestaña a la que va la fila' },
      row: { label: 'Fila (lista JSON)', help: 'Un valor por columna, en orden' },
    },
  },
  'hubspot-create-contact': {
    name: 'Contacto de HubSpot',
    summary: 'Crea un contacto en HubSpot CRM',
    description:
      'Crea una app privada en HubSpot (Configuración → Integraciones → Apps privadas) con el permiso crm.objects.contacts.write y pega su token de acceso. Cada envío crea un contacto; su id se guarda en una variable.',
    fields: {
      access_token: { label: 'Token de acceso de la app privada', help: 'pat-…' },
      email: { label: 'Correo electrónico', help: '' },
      firstname: { label: 'Nombre', help: '' },
      phone: { label: 'Teléfono', help: '' },
    },
  },
  'zendesk-create-ticket': {
    name: 'Ticket de Zendesk',
    summary: 'Abre un ticket en Zendesk Support',
    description:
      'Activa el acceso por token (Centro de administración → Aplicaciones e integraciones → API de Zendesk), añade un token de API e indica tu subdominio y el correo del agente al que pertenece el token. El id del ticket se guarda en una variable.',
    fields: {
      subdomain: { label: 'Subdominio', help: 'tuempresa en tuempresa.zendesk.com' },
      agent_email: { label: 'Correo del agente', help: 'La cuenta a la que pertenece el token de API' },
      api_token: { label: 'Token de API', help: '' },
      subject: { label: 'Asunto', help: '' },
      comment: { label: 'Descripción', help: 'El primer comentario del ticket' },
      requester_email: { label: 'Correo del solicitante', help: '' },
    },
  },
  'airtable-create-record': {
    name: 'Registro de Airtable',
    summary: 'Añade un registro a una tabla de Airtable',
    description:
      'Crea un token de acceso personal con el permiso data.records:write sobre la base e indica el id de la base (app…) y el nombre de la tabla. El id del registro se guarda en una variable.',
    fields: {
      token: { label: 'Token de acceso personal', help: 'pat…' },
      base_id: { label: 'Id de la base', help: 'app… en la dirección de la base' },
      table: { label: 'Tabla', help: 'Su nombre o su id' },
      record: { label: 'Campos (JSON)', help: 'Nombres de columna y sus valores' },
    },
  },
};
