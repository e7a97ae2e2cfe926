import type { MessageKey } from './messages.en.js';

/**
 * Brazilian Portuguese server messages, phrased like Laravel's pt_BR lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const pt: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'O campo :attribute é obrigatório.',
  'validation.present': 'O campo :attribute deve estar presente.',
  'validation.required_without': 'O campo :attribute é obrigatório quando :values não está presente.',
  'validation.string': 'O campo :attribute deve ser uma string.',
  'validation.integer': 'O campo :attribute deve ser um número inteiro.',
  'validation.numeric': 'O campo :attribute deve ser um número.',
  'validation.boolean': 'O campo :attribute deve ser verdadeiro ou falso.',
  'validation.array': 'O campo :attribute deve ser um array.',
  'validation.email': 'O campo :attribute deve ser um endereço de e-mail válido.',
  'validation.date': 'O campo :attribute deve ser uma data válida.',
  'validation.alpha': 'O campo :attribute deve conter apenas letras.',
  'validation.in': 'O :attribute selecionado é inválido.',
  'validation.unique': 'O :attribute já está em uso.',
  'validation.regex': 'O formato do campo :attribute é inválido.',
  'validation.confirmed': 'A confirmação do campo :attribute não confere.',
  'validation.between': 'O campo :attribute deve estar entre :min e :max.',
  'validation.min.numeric': 'O campo :attribute deve ser no mínimo :min.',
  'validation.min.string': 'O campo :attribute deve ter no mínimo :min caracteres.',
  'validation.max.numeric': 'O campo :attribute não pode ser maior que :max.',
  'validation.max.string': 'O campo :attribute não pode ter mais de :max caracteres.',
  'validation.max.file': 'O campo :attribute não pode ter mais de :max kilobytes.',
  'validation.distinct': 'O campo :attribute tem um valor duplicado.',
  'validation.scalar': 'O campo :attribute deve ser uma string, um número ou um booleano.',
  'validation.file': 'O campo :attribute deve ser um arquivo.',
  'validation.image': 'O campo :attribute deve ser uma imagem.',
  'validation.no_colon': 'O campo :attribute não pode conter dois-pontos.',
  'validation.otpauth_uri': 'O campo :attribute não é um URI otpauth válido.',
  'validation.base32': 'O campo :attribute deve ser uma string codificada em base32.',
  'validation.otp_type': 'O campo :attribute não é suportado.',
  'validation.uri_label': 'O URI deve ter um rótulo.',
  'validation.ids': 'Os IDs devem ser separados por vírgula, sem vírgula no final.',
  'validation.image_format': 'Os formatos suportados são jpeg, png, bmp, gif, svg ou webp.',
  'validation.email_not_found': 'Nenhuma conta encontrada com este e-mail.',
  'validation.first_user': 'Já existe um usuário cadastrado',
  'validation.icon_pack': 'O pacote de ícones não foi encontrado no servidor.',
  'validation.idempotency_key_reused': 'O campo :attribute já foi usado em outra solicitação.',
  'validation.and_more_error': '(e mais :count erro)',
  'validation.and_more_errors': '(e mais :count erros)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Muitas tentativas de login. Tente novamente em :seconds segundos.',
  'error.demo_disabled': 'Recurso desativado no modo de demonstração',
  'error.untrusted_proxy': 'A solicitação não vem de um proxy confiável',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Conteúdo muito grande',
  'error.unsupported_media_type': 'Tipo de mídia não suportado',
  'error.service_unavailable': 'Serviço indisponível',
  'error.method_not_allowed':
    'O método :method não é suportado na rota :route. Métodos suportados: :methods.',
  'error.malformed_json': 'Corpo JSON malformado',
  'error.malformed_multipart': 'Corpo multipart malformado',
  'error.too_many_ids': 'IDs demais no parâmetro da consulta, no máximo 100',
  'error.cannot_decipher':
    'Não é possível decifrar o segredo. Isso geralmente é causado por uma chave de criptografia errada ou por dados corrompidos no banco de dados.',
  'error.invalid_base32_secret': 'não é um segredo codificado em base32 válido',
  'error.invalid_otp_parameters': 'parâmetros OTP inválidos',
  'error.unsupported_otp_type': 'Tipo de OTP não suportado',
  'error.unable_to_decrypt_uri': 'Não foi possível descriptografar o URI',
  'error.qr_not_found': 'Nenhum QR code detectado na imagem, tente recortá-la',
  'error.qr_unreadable': 'Nenhum QR code legível',
  'error.migration_unreadable': 'Dados do :app inválidos ou ilegíveis',
  'error.migration_no_format': 'Os dados não correspondem a nenhum formato suportado',
  'error.migration_encrypted': 'Ilegível, os dados parecem criptografados',
  'error.migration_wrong_password': 'Senha errada, os dados do :app não podem ser descriptografados',
  'error.migration_unsupported_encryption': 'Configurações de criptografia do :app não suportadas',
  'error.migration_unsupported_cipher':
    'Configurações de criptografia do :app não suportadas: a cifra :cipher não pode ser lida',
  'error.migration_use_export':
    'Isto parece ser a base de dados cifrada do :app, que não pode ser lida; exporte as suas contas do :app para um ficheiro e importe esse ficheiro',
  'error.migration_account_key':
    'Esta exportação do Bitwarden está criptografada com a chave da sua conta e não pode ser importada; exporte novamente com uma senha ou sem criptografia',
  'error.file_upload_failed': 'Falha no envio do arquivo',
  'error.encryption_failed': 'Falha na criptografia, seu banco de dados continua desprotegido.',
  'error.decryption_failed':
    'Falha na descriptografia, seu banco de dados continua protegido. Isso geralmente é causado por um problema de integridade dos dados criptografados de uma ou mais contas.',
  'error.password_sign_in_off':
    'O início de sessão com palavra-passe está desativado neste servidor: inicie sessão com o seu fornecedor de identidade.',
  'error.oidc_unavailable':
    'Não é possível contactar o fornecedor de identidade neste momento. Tente novamente mais tarde.',
  'error.identity_confirmation_required':
    'Confirme a sua identidade para ver isto (palavra-passe ou chave de segurança).',
  'error.token_scope_required':
    'O seu token não pode fazer isto: precisa do âmbito ":scope" ou de um mais amplo.',
  'error.token_required':
    'Só um token de acesso pessoal pode revogar-se a si próprio; revogue tokens nas Definições.',
  'error.session_required': 'Só uma sessão iniciada pode fazer isto, não um token de acesso pessoal.',
  'error.device_authorization_pending':
    'O emparelhamento ainda não foi aprovado: tente de novo dentro de alguns segundos.',
  'error.device_slow_down': 'Demasiado rápido: aguarde o intervalo entre dois pedidos.',
  'error.device_access_denied': 'O emparelhamento foi recusado.',
  'error.device_expired_token':
    'Este código de emparelhamento é desconhecido, expirou ou já foi usado: recomece.',
  'validation.website': 'O campo :attribute deve ser o domínio de um site, como github.com.',
  'error.wrong_password': 'Palavra-passe incorreta',
  'error.wrong_current_password': 'Senha atual errada, nada foi alterado',
  'error.user_deletion_failed': 'Falha ao excluir a conta de usuário, nenhum dado foi excluído',
  'error.email_sending_failed': 'Falha no envio do e-mail',
  'error.no_registered_user': 'nenhum usuário cadastrado',
  'error.cannot_register_more': 'Não é possível cadastrar mais de um usuário.',
  'error.wait_before_retrying': 'Aguarde antes de tentar novamente.',
  'error.reset_user_not_found': 'Não encontramos um usuário com esse endereço de e-mail.',
  'error.reset_token_invalid': 'Este token de redefinição de senha é inválido.',
  'error.invalid_recovery_token': 'Token de recuperação inválido',
  'error.otp_without_secret': 'Não é possível criar um OTP sem segredo',
  'error.device_not_verified': 'Não foi possível verificar o dispositivo de segurança.',
  'error.webauthn_needs_device': 'Cadastre pelo menos um dispositivo para ativar estas opções',
  'error.group_reserved_name': 'Nome reservado, escolha outro',
  'error.group_name_characters': 'Use apenas letras, números, hifens, sublinhados, espaços ou aspas simples',
  'error.only_custom_setting_deletable': 'Somente configurações criadas pelo usuário podem ser excluídas',
  'error.uri_alone':
    "O parâmetro uri deve ser informado sozinho ou apenas junto com o parâmetro 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Senha alterada com sucesso',
  'success.reset_link_sent': 'Enviamos por e-mail o link para redefinir sua senha!',
  'success.password_reset': 'Sua senha foi redefinida!',
  'success.recovery_email_sent': 'E-mail de recuperação de conta enviado!',
  'success.device_registered': 'Dispositivo cadastrado com sucesso',
  // Other texts
  'error.backup_password_missing':
    'Nenhuma senha de backup definida: defina uma primeiro em Configurações → Backups.',
  'error.backup_password_wrong': 'A senha de backup atual está errada.',
  'breakglass.title': 'Twofold: cópia de emergência',
  'breakglass.made': 'Criada em :date.',
  'breakglass.read_only':
    'Uma cópia só de leitura das suas contas: nada aqui as altera. Funciona offline e não se liga a nada.',
  'breakglass.password': 'Palavra-passe das cópias de segurança',
  'breakglass.open': 'Abrir',
  'breakglass.wrong': 'Esta palavra-passe não abre este ficheiro.',
  'breakglass.search': 'Pesquisar',
  'breakglass.counter': 'Contador :counter',
  'breakglass.reveal': 'Mostrar nota e códigos de recuperação',
  'breakglass.note': 'Nota',
  'breakglass.recovery_codes': 'Códigos de recuperação',
  'breakglass.used': 'usado',
  'breakglass.none': 'Nenhuma conta corresponde.',
  'group.all': 'Todas',
  'account.invalid_account': '- conta inválida -',
  'account.invalid_service': '- serviço inválido -',
  // E-mails
  'mail.greeting': 'Olá, :name,',
  'mail.password_reset.subject': ':app: redefina sua senha',
  'mail.password_reset.intro':
    'Você pediu para redefinir sua senha. Abra este link em até 60 minutos para escolher uma nova:',
  'mail.password_reset.action': 'Redefinir sua senha',
  'mail.password_reset.ignore': 'Se você não pediu isso, ignore esta mensagem: sua senha continua a mesma.',
  'mail.webauthn_recovery.subject': ':app: registre um novo dispositivo de segurança',
  'mail.webauthn_recovery.intro':
    'Você perdeu um dispositivo de segurança. Abra este link em até 60 minutos para registrar um novo:',
  'mail.webauthn_recovery.action': 'Registrar um novo dispositivo de segurança',
  'mail.webauthn_recovery.ignore': 'Se você não pediu isso, ignore esta mensagem.',
  // Alerts
  'validation.url': 'O campo :attribute deve ser uma URL válida.',
  'alert.new_device.title': 'Novo início de sessão no Twofold',
  'alert.new_device.body':
    'Sessão iniciada num novo dispositivo: :browser em :platform, endereço IP :ip. Se não foi você, altere a sua palavra-passe.',
  'alert.failed_sign_in.title': 'Falha de início de sessão no Twofold',
  'alert.failed_sign_in.body':
    'Um início de sessão falhou a partir do endereço IP :ip. As outras falhas nos próximos 15 minutos não são comunicadas.',
  'alert.token_created.title': 'Novo token de acesso pessoal',
  'alert.token_created.body': 'Foi criado um token de acesso pessoal chamado «:name».',
  'alert.security_device_added.title': 'Novo dispositivo de segurança',
  'alert.security_device_added.body': 'Foi registado um novo dispositivo de segurança na sua conta.',
  'alert.export.title': 'Contas exportadas',
  'alert.export.body': 'As suas contas foram exportadas com os seus segredos (formato: :format).',
  'alert.backup_failed.title': 'A cópia de segurança agendada falhou',
  'alert.backup_failed.body':
    'Não foi possível escrever a cópia de segurança agendada. Verifique as definições de cópia de segurança.',
  'error.disk_full':
    'Sem espaço suficiente no disco de dados do servidor (DATA_DIR): nada foi guardado. Liberte espaço e tente novamente.',
  'alert.clock_skew.title': 'O relógio do servidor está errado',
  'alert.clock_skew.body':
    'O relógio do servidor difere em :offset dos dispositivos que o usam (+ adiantado, − atrasado). Os códigos calculados pelo servidor estão errados até a hora ser corrigida (NTP).',
  'alert.clock_skew.gone.title': 'O relógio do servidor voltou a estar certo',
  'alert.clock_skew.gone.body': 'O relógio do servidor voltou a coincidir com os seus dispositivos.',
  'alert.disk_full.title': 'Disco do servidor cheio',
  'alert.disk_full.body':
    'O disco de dados do servidor (DATA_DIR) está cheio: os novos dados são recusados até haver espaço livre. Nada do que foi guardado se perdeu.',
  'alert.test.title': 'Alerta de teste do Twofold',
  'alert.test.body': 'Este canal funciona: o Twofold pode enviar-lhe alertas aqui.',
  'alert.alerts_changed.title': 'Configurações de alertas alteradas',
  'alert.alerts_changed.body':
    'As configurações dos seus alertas foram alteradas (:changes). Se não foi você, revogue os seus tokens de acesso pessoal e verifique Configurações, Alertas.',
  'error.alert_url_password': 'Digite novamente a senha do URL: a salva pertence ao endereço anterior.',
};

/** Brazilian Portuguese names of the `:attribute` values, keyed by the English attribute. */
export const ptAttributes: Readonly<Record<string, string>> = {
  account: 'conta',
  algorithm: 'algoritmo',
  counter: 'contador',
  credential: 'credencial',
  'current password': 'senha atual',
  'custom otp': 'OTP personalizado',
  digits: 'dígitos',
  email: 'endereço de e-mail',
  file: 'arquivo',
  format: 'formato',
  'group id': 'grupo',
  icon: 'ícone',
  'icon pack': 'pacote de ícones',
  key: 'chave',
  label: 'rótulo',
  name: 'nome',
  'otp type': 'tipo de OTP',
  password: 'senha',
  'password confirmation': 'confirmação da senha',
  payload: 'dados',
  period: 'período',
  qrcode: 'QR code',
  secret: 'segredo',
  service: 'serviço',
  token: 'token',
  value: 'valor',
  variant: 'variante',
};
