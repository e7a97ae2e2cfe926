import type { MessageKey } from './messages.en.js';

/**
 * Spanish server messages, phrased like Laravel's official Spanish lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const es: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'El campo :attribute es obligatorio.',
  'validation.present': 'El campo :attribute debe estar presente.',
  'validation.required_without': 'El campo :attribute es obligatorio cuando :values no está presente.',
  'validation.string': 'El campo :attribute debe ser una cadena de caracteres.',
  'validation.integer': 'El campo :attribute debe ser un número entero.',
  'validation.numeric': 'El campo :attribute debe ser un número.',
  'validation.boolean': 'El campo :attribute debe ser verdadero o falso.',
  'validation.array': 'El campo :attribute debe ser un conjunto.',
  'validation.email': 'El campo :attribute debe ser una dirección de correo electrónico válida.',
  'validation.date': 'El campo :attribute debe ser una fecha válida.',
  'validation.alpha': 'El campo :attribute solo debe contener letras.',
  'validation.in': 'El campo :attribute seleccionado no es válido.',
  'validation.unique': 'El valor del campo :attribute ya está en uso.',
  'validation.regex': 'El formato del campo :attribute no es válido.',
  'validation.confirmed': 'La confirmación del campo :attribute no coincide.',
  'validation.between': 'El campo :attribute debe estar entre :min y :max.',
  'validation.min.numeric': 'El campo :attribute debe ser al menos :min.',
  'validation.min.string': 'El campo :attribute debe contener al menos :min caracteres.',
  'validation.max.numeric': 'El campo :attribute no debe ser mayor que :max.',
  'validation.max.string': 'El campo :attribute no debe tener más de :max caracteres.',
  'validation.max.file': 'El campo :attribute no debe pesar más de :max kilobytes.',
  'validation.distinct': 'El campo :attribute contiene un valor duplicado.',
  'validation.scalar': 'El campo :attribute debe ser una cadena de caracteres, un número o un booleano.',
  'validation.file': 'El campo :attribute debe ser un archivo.',
  'validation.image': 'El campo :attribute debe ser una imagen.',
  'validation.no_colon': 'El campo :attribute no debe contener dos puntos.',
  'validation.otpauth_uri': 'El campo :attribute no es una URI otpauth válida.',
  'validation.base32': 'El campo :attribute debe ser una cadena codificada en base32.',
  'validation.otp_type': 'El campo :attribute no es compatible.',
  'validation.uri_label': 'La URI debe tener una etiqueta.',
  'validation.ids': 'Los ID deben estar separados por comas, sin coma final.',
  'validation.image_format': 'Los formatos admitidos son jpeg, png, bmp, gif, svg o webp.',
  'validation.email_not_found': 'No se encontró ninguna cuenta con este correo electrónico.',
  'validation.first_user': 'Ya hay un usuario registrado',
  'validation.icon_pack': 'No se encuentra el paquete de iconos en el servidor.',
  'validation.idempotency_key_reused': 'La clave :attribute ya se usó para otra solicitud.',
  'validation.and_more_error': '(y :count error más)',
  'validation.and_more_errors': '(y :count errores más)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts':
    'Demasiados intentos de inicio de sesión. Vuelva a intentarlo en :seconds segundos.',
  'error.demo_disabled': 'Función desactivada en el modo de demostración',
  'error.untrusted_proxy': 'La solicitud no proviene de un proxy de confianza',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Contenido demasiado grande',
  'error.unsupported_media_type': 'Tipo de medio no admitido',
  'error.service_unavailable': 'Servicio no disponible',
  'error.method_not_allowed':
    'El método :method no está admitido para la ruta :route. Métodos admitidos: :methods.',
  'error.malformed_json': 'Cuerpo JSON mal formado',
  'error.malformed_multipart': 'Cuerpo multipart mal formado',
  'error.too_many_ids': 'Demasiados ID en el parámetro de consulta, se permiten 100 como máximo',
  'error.cannot_decipher':
    'No se puede descifrar el secreto. Suele deberse a una clave de cifrado incorrecta o a datos dañados en la base de datos.',
  'error.invalid_base32_secret': 'el secreto no está codificado en base32 válido',
  'error.invalid_otp_parameters': 'parámetros OTP no válidos',
  'error.unsupported_otp_type': 'Tipo de OTP no compatible',
  'error.unable_to_decrypt_uri': 'No se puede descifrar la URI',
  'error.qr_not_found': 'No se detecta ningún código QR en la imagen, intente recortarla',
  'error.qr_unreadable': 'Ningún código QR legible',
  'error.migration_unreadable': 'Datos de :app no válidos o ilegibles',
  'error.migration_no_format': 'Los datos no coinciden con ningún formato admitido',
  'error.migration_encrypted': 'Ilegible, los datos parecen cifrados',
  'error.migration_wrong_password': 'Contraseña incorrecta, los datos de :app no se pueden descifrar',
  'error.migration_unsupported_encryption': 'Configuración de cifrado de :app no admitida',
  'error.migration_unsupported_cipher':
    'Configuración de cifrado de :app no admitida: el cifrado :cipher no se puede leer',
  'error.migration_use_export':
    'Esto parece la base de datos cifrada de :app, que no se puede leer; exporta tus cuentas desde :app a un archivo e importa ese archivo en su lugar',
  'error.migration_account_key':
    'Esta exportación de Bitwarden está cifrada con la clave de su cuenta y no se puede importar; expórtela de nuevo con una contraseña o sin cifrar',
  'error.file_upload_failed': 'Error al subir el archivo',
  'error.encryption_failed': 'El cifrado ha fallado, su base de datos sigue sin protección.',
  'error.decryption_failed':
    'El descifrado ha fallado, su base de datos sigue protegida. Suele deberse a un problema de integridad de los datos cifrados de una o varias cuentas.',
  'error.password_sign_in_off':
    'El inicio de sesión con contraseña está desactivado en este servidor: inicia sesión con tu proveedor de identidad.',
  'error.oidc_unavailable':
    'No se puede contactar con el proveedor de identidad en este momento. Inténtalo de nuevo más tarde.',
  'error.identity_confirmation_required':
    'Confirme su identidad para ver esto (contraseña o llave de seguridad).',
  'error.token_scope_required':
    'Tu token no puede hacer esto: necesita el alcance ":scope" o uno más amplio.',
  'error.token_required':
    'Solo un token de acceso personal puede revocarse a sí mismo; revoca tokens en Ajustes.',
  'error.session_required': 'Solo una sesión iniciada puede hacer esto, no un token de acceso personal.',
  'error.device_authorization_pending':
    'La vinculación aún no está aprobada: vuelve a preguntar en unos segundos.',
  'error.device_slow_down': 'Demasiado rápido: espera el intervalo entre dos solicitudes.',
  'error.device_access_denied': 'La vinculación fue rechazada.',
  'error.device_expired_token':
    'Este código de vinculación es desconocido, ha caducado o ya se usó: empieza de nuevo.',
  'validation.website': 'El campo :attribute debe ser el dominio de un sitio web, como github.com.',
  'error.wrong_password': 'Contraseña incorrecta',
  'error.wrong_current_password': 'Contraseña actual incorrecta, no se ha cambiado nada',
  'error.user_deletion_failed': 'Error al eliminar la cuenta de usuario, no se ha eliminado ningún dato',
  'error.email_sending_failed': 'Error al enviar el correo electrónico',
  'error.no_registered_user': 'ningún usuario registrado',
  'error.cannot_register_more': 'No puede registrar más de un usuario.',
  'error.wait_before_retrying': 'Por favor, espere antes de volver a intentarlo.',
  'error.reset_user_not_found': 'No encontramos ningún usuario con ese correo electrónico.',
  'error.reset_token_invalid': 'El token de restablecimiento de contraseña no es válido.',
  'error.invalid_recovery_token': 'Token de recuperación no válido',
  'error.otp_without_secret': 'No se puede crear un OTP sin secreto',
  'error.device_not_verified': 'No se pudo verificar el dispositivo de seguridad.',
  'error.webauthn_needs_device': 'Registre al menos un dispositivo para activar estas opciones',
  'error.group_reserved_name': 'Nombre reservado, elija otro',
  'error.group_name_characters':
    'Utilice solo letras, números, guiones, guiones bajos, espacios o comillas simples',
  'error.only_custom_setting_deletable': 'Solo se pueden eliminar los ajustes creados por el usuario',
  'error.uri_alone':
    "El parámetro uri debe proporcionarse solo o únicamente junto con el parámetro 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Contraseña cambiada correctamente',
  'success.reset_link_sent':
    '¡Le hemos enviado por correo electrónico el enlace para restablecer su contraseña!',
  'success.password_reset': '¡Su contraseña ha sido restablecida!',
  'success.recovery_email_sent': '¡Correo de recuperación de la cuenta enviado!',
  'success.device_registered': 'Dispositivo registrado correctamente',
  // Other texts
  'error.backup_password_missing':
    'No hay contraseña de copia de seguridad: defina una primero en Ajustes → Copias de seguridad.',
  'error.backup_password_wrong': 'La contraseña actual de copia de seguridad es incorrecta.',
  'breakglass.title': 'Twofold: copia de emergencia',
  'breakglass.made': 'Creada el :date.',
  'breakglass.read_only':
    'Una copia de solo lectura de tus cuentas: nada aquí las modifica. Funciona sin conexión y no se conecta a nada.',
  'breakglass.password': 'Contraseña de las copias de seguridad',
  'breakglass.open': 'Abrir',
  'breakglass.wrong': 'Esta contraseña no abre este archivo.',
  'breakglass.search': 'Buscar',
  'breakglass.counter': 'Contador :counter',
  'breakglass.reveal': 'Mostrar la nota y los códigos de recuperación',
  'breakglass.note': 'Nota',
  'breakglass.recovery_codes': 'Códigos de recuperación',
  'breakglass.used': 'usado',
  'breakglass.none': 'Ninguna cuenta coincide.',
  'group.all': 'Todos',
  'account.invalid_account': '- cuenta no válida -',
  'account.invalid_service': '- servicio no válido -',
  // E-mails
  'mail.greeting': 'Hola, :name:',
  'mail.password_reset.subject': ':app: restablece tu contraseña',
  'mail.password_reset.intro':
    'Has pedido restablecer tu contraseña. Abre este enlace en los próximos 60 minutos para elegir una nueva:',
  'mail.password_reset.action': 'Restablecer tu contraseña',
  'mail.password_reset.ignore': 'Si no lo has pedido, ignora este mensaje: tu contraseña sigue igual.',
  'mail.webauthn_recovery.subject': ':app: registra un nuevo dispositivo de seguridad',
  'mail.webauthn_recovery.intro':
    'Has perdido un dispositivo de seguridad. Abre este enlace en los próximos 60 minutos para registrar uno nuevo:',
  'mail.webauthn_recovery.action': 'Registrar un nuevo dispositivo de seguridad',
  'mail.webauthn_recovery.ignore': 'Si no lo has pedido, ignora este mensaje.',
  // Alerts
  'validation.url': 'El campo :attribute debe ser una URL válida.',
  'alert.new_device.title': 'Nuevo inicio de sesión en Twofold',
  'alert.new_device.body':
    'Inicio de sesión desde un dispositivo nuevo: :browser en :platform, dirección IP :ip. Si no fue usted, cambie su contraseña.',
  'alert.failed_sign_in.title': 'Inicio de sesión fallido en Twofold',
  'alert.failed_sign_in.body':
    'Falló un inicio de sesión desde la dirección IP :ip. Los demás fallos de los próximos 15 minutos no se notifican.',
  'alert.token_created.title': 'Nuevo token de acceso personal',
  'alert.token_created.body': 'Se creó un token de acceso personal llamado «:name».',
  'alert.security_device_added.title': 'Nuevo dispositivo de seguridad',
  'alert.security_device_added.body': 'Se registró un nuevo dispositivo de seguridad en su cuenta.',
  'alert.export.title': 'Cuentas exportadas',
  'alert.export.body': 'Sus cuentas se exportaron con sus secretos (formato: :format).',
  'alert.backup_failed.title': 'Falló la copia de seguridad programada',
  'alert.backup_failed.body':
    'No se pudo escribir la copia de seguridad programada. Revise los ajustes de copia de seguridad.',
  'error.disk_full':
    'No queda espacio en el disco de datos del servidor (DATA_DIR): no se ha guardado nada. Libere espacio e inténtelo de nuevo.',
  'alert.clock_skew.title': 'El reloj del servidor está mal',
  'alert.clock_skew.body':
    'El reloj del servidor difiere en :offset de los dispositivos que lo usan (+ adelantado, − atrasado). Los códigos calculados por el servidor son incorrectos hasta que se corrija su hora (NTP).',
  'alert.clock_skew.gone.title': 'El reloj del servidor vuelve a estar bien',
  'alert.clock_skew.gone.body': 'El reloj del servidor vuelve a coincidir con sus dispositivos.',
  'alert.disk_full.title': 'Disco del servidor lleno',
  'alert.disk_full.body':
    'El disco de datos del servidor (DATA_DIR) está lleno: se rechazan los datos nuevos hasta que se libere espacio. No se ha perdido nada de lo guardado.',
  'alert.test.title': 'Alerta de prueba de Twofold',
  'alert.test.body': 'Este canal funciona: Twofold puede enviarle alertas aquí.',
  'alert.alerts_changed.title': 'Configuración de alertas cambiada',
  'alert.alerts_changed.body':
    'La configuración de sus alertas se ha cambiado (:changes). Si no fue usted, revoque sus tokens de acceso personal y revise Ajustes, Alertas.',
  'error.alert_url_password':
    'Vuelva a escribir la contraseña de la URL: la guardada pertenece a la dirección anterior.',
};

/** Spanish names of the `:attribute` values (the English attribute as key). */
export const esAttributes: Readonly<Record<string, string>> = {
  account: 'cuenta',
  algorithm: 'algoritmo',
  counter: 'contador',
  credential: 'credencial',
  'current password': 'contraseña actual',
  'custom otp': 'OTP personalizado',
  digits: 'dígitos',
  email: 'correo electrónico',
  file: 'archivo',
  format: 'formato',
  'group id': 'grupo',
  icon: 'icono',
  'icon pack': 'paquete de iconos',
  key: 'clave',
  label: 'etiqueta',
  name: 'nombre',
  'otp type': 'tipo de OTP',
  password: 'contraseña',
  'password confirmation': 'confirmación de la contraseña',
  payload: 'datos',
  period: 'periodo',
  qrcode: 'código QR',
  secret: 'secreto',
  service: 'servicio',
  token: 'token',
  value: 'valor',
  variant: 'variante',
};
