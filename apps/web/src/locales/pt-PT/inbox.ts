import type { inbox as source } from '../pt-BR/inbox';

export const inbox = {
  'inbox.bell': 'Notificações',
  'inbox.bell.unread_one': 'Notificações, {{shown}} por ler',
  'inbox.bell.unread_other': 'Notificações, {{shown}} por ler',
  'inbox.title': 'Notificações',
  'inbox.mark-all': 'Marcar todas como lidas',
  'inbox.unread': 'Por ler',
  'inbox.empty': 'Ainda não tem notificações. Avisamos aqui quando os seus pedidos mudarem.',
  'inbox.error': 'Não foi possível carregar as notificações.',
  'inbox.load-more': 'Carregar mais',
  'inbox.preferences.title': 'Notificações por e-mail',
  'inbox.preferences.legend': 'Enviar um e-mail quando',
  'inbox.preferences.intro':
    'Todas as notificações continuam a aparecer no sino do topo da página; aqui escolhe quais também chegam por e-mail. Os avisos de segurança (palavra-passe, verificação em dois passos, código de recuperação, PIN) chegam sempre.',
  'inbox.preferences.type.BATCH_REQUESTED': 'For recebido um pedido de antecipação da empresa',
  'inbox.preferences.type.BATCH_PAID': 'Um pedido for pago',
  'inbox.preferences.type.BATCH_REJECTED': 'Um pedido for recusado',
  'inbox.preferences.type.BATCH_CANCELLED': 'Um pedido for cancelado',
  'inbox.preferences.type.AUTO_RULE_RAN': 'Uma regra automática pedir uma antecipação',
  'inbox.preferences.type.AUTO_RULE_FAILED': 'Uma regra automática não conseguir pedir a antecipação',
  'inbox.preferences.type.CREDITS_ARRIVED': 'Houver novas faturas disponíveis para antecipação',
  'inbox.preferences.type.CREDITS_WITHDRAWN': 'Faturas forem retiradas pelo devedor',
  'inbox.preferences.unsaved': 'Alterações ainda não guardadas.',
  'inbox.preferences.saved': 'Preferências de e-mail guardadas.',
  'inbox.preferences.error': 'Não foi possível carregar as suas preferências de e-mail.',
} satisfies Record<keyof typeof source, string>;
