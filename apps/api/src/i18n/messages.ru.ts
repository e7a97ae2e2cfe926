import type { MessageKey } from './messages.en.js';

/**
 * Russian server messages, phrased like Laravel's Russian lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const ru: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Поле :attribute обязательно.',
  'validation.present': 'Поле :attribute должно присутствовать.',
  'validation.required_without': 'Поле :attribute обязательно, когда :values не указано.',
  'validation.string': 'Поле :attribute должно быть строкой.',
  'validation.integer': 'Поле :attribute должно быть целым числом.',
  'validation.numeric': 'Поле :attribute должно быть числом.',
  'validation.boolean': 'Поле :attribute должно иметь значение «истина» или «ложь».',
  'validation.array': 'Поле :attribute должно быть массивом.',
  'validation.email': 'Поле :attribute должно быть действительным адресом эл. почты.',
  'validation.date': 'Поле :attribute должно быть действительной датой.',
  'validation.alpha': 'Поле :attribute может содержать только буквы.',
  'validation.in': 'Выбранное значение для :attribute недопустимо.',
  'validation.unique': 'Такое значение поля :attribute уже занято.',
  'validation.regex': 'Поле :attribute имеет неверный формат.',
  'validation.confirmed': 'Поле :attribute не совпадает с подтверждением.',
  'validation.between': 'Поле :attribute должно быть между :min и :max.',
  'validation.min.numeric': 'Поле :attribute должно быть не меньше :min.',
  'validation.min.string': 'Поле :attribute должно содержать не менее :min символов.',
  'validation.max.numeric': 'Поле :attribute не может быть больше :max.',
  'validation.max.string': 'Поле :attribute не может содержать более :max символов.',
  'validation.max.file': 'Поле :attribute не может быть больше :max КБ.',
  'validation.distinct': 'Поле :attribute содержит повторяющееся значение.',
  'validation.scalar': 'Поле :attribute должно быть строкой, числом или логическим значением.',
  'validation.file': 'Поле :attribute должно быть файлом.',
  'validation.image': 'Поле :attribute должно быть изображением.',
  'validation.no_colon': 'Поле :attribute не должно содержать двоеточие.',
  'validation.otpauth_uri': 'Поле :attribute не является корректным URI otpauth.',
  'validation.base32': 'Поле :attribute должно быть строкой в кодировке base32.',
  'validation.otp_type': 'Поле :attribute не поддерживается.',
  'validation.uri_label': 'URI должен содержать метку.',
  'validation.ids': 'Идентификаторы должны разделяться запятыми, без запятой в конце.',
  'validation.image_format': 'Поддерживаемые форматы: jpeg, png, bmp, gif, svg или webp.',
  'validation.email_not_found': 'Аккаунт с этим адресом эл. почты не найден.',
  'validation.first_user': 'Пользователь уже зарегистрирован',
  'validation.icon_pack': 'Набор значков не найден на сервере.',
  'validation.idempotency_key_reused': 'Поле :attribute уже использовано для другого запроса.',
  'validation.and_more_error': '(и ещё :count ошибка)',
  'validation.and_more_errors': '(и ещё ошибок: :count)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Слишком много попыток входа. Повторите через :seconds с.',
  'error.demo_disabled': 'Функция отключена в демо-режиме',
  'error.untrusted_proxy': 'Запрос поступил не от доверенного прокси',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Слишком большой объём данных',
  'error.unsupported_media_type': 'Неподдерживаемый тип данных',
  'error.service_unavailable': 'Сервис недоступен',
  'error.method_not_allowed':
    'Метод :method не поддерживается для маршрута :route. Поддерживаемые методы: :methods.',
  'error.malformed_json': 'Некорректное тело JSON',
  'error.malformed_multipart': 'Некорректное тело multipart',
  'error.too_many_ids': 'Слишком много идентификаторов в параметре запроса, допускается не более 100',
  'error.cannot_decipher':
    'Не удаётся расшифровать секрет. Обычно причина — неверный ключ шифрования или повреждённые данные в базе данных.',
  'error.invalid_base32_secret': 'некорректный секрет в кодировке base32',
  'error.invalid_otp_parameters': 'некорректные параметры OTP',
  'error.unsupported_otp_type': 'Неподдерживаемый тип OTP',
  'error.unable_to_decrypt_uri': 'Не удаётся расшифровать URI',
  'error.qr_not_found': 'На изображении не найден QR-код, попробуйте обрезать изображение',
  'error.qr_unreadable': 'Нет читаемого QR-кода',
  'error.migration_unreadable': 'Некорректные или нечитаемые данные :app',
  'error.migration_no_format': 'Данные не соответствуют ни одному поддерживаемому формату',
  'error.migration_encrypted': 'Не удаётся прочитать, данные, похоже, зашифрованы',
  'error.migration_wrong_password': 'Неверный пароль, данные :app невозможно расшифровать',
  'error.migration_unsupported_encryption': 'Неподдерживаемые параметры шифрования :app',
  'error.migration_unsupported_cipher':
    'Неподдерживаемые параметры шифрования :app: шифр :cipher не может быть прочитан',
  'error.migration_use_export':
    'Похоже, это зашифрованная база данных :app, которую нельзя прочитать; экспортируйте учётные записи из :app в файл и импортируйте этот файл',
  'error.migration_account_key':
    'Этот экспорт Bitwarden зашифрован ключом вашего аккаунта и не может быть импортирован; экспортируйте его заново с паролем или без шифрования',
  'error.file_upload_failed': 'Не удалось загрузить файл',
  'error.encryption_failed': 'Шифрование не удалось, база данных остаётся незащищённой.',
  'error.decryption_failed':
    'Расшифровка не удалась, база данных по-прежнему защищена. Обычно причина — нарушение целостности зашифрованных данных одного или нескольких аккаунтов.',
  'error.password_sign_in_off':
    'Вход по паролю отключён на этом сервере: войдите через своего поставщика удостоверений.',
  'error.oidc_unavailable': 'Поставщик удостоверений сейчас недоступен. Повторите попытку позже.',
  'error.identity_confirmation_required':
    'Подтвердите свою личность, чтобы увидеть это (пароль или ключ безопасности).',
  'error.token_scope_required': 'Ваш токен не может это сделать: нужна область ":scope" или более широкая.',
  'error.session_required':
    'Это можно сделать только во вошедшей сессии, а не с помощью личного токена доступа.',
  'error.device_authorization_pending':
    'Сопряжение ещё не одобрено: повторите запрос через несколько секунд.',
  'error.device_slow_down': 'Слишком часто: выждите интервал между двумя запросами.',
  'error.device_access_denied': 'В сопряжении отказано.',
  'error.device_expired_token': 'Этот код сопряжения неизвестен, истёк или уже использован: начните заново.',
  'validation.website': 'Поле :attribute должно быть доменом сайта, например github.com.',
  'error.wrong_password': 'Неверный пароль',
  'error.wrong_current_password': 'Неверный текущий пароль, ничего не изменено',
  'error.user_deletion_failed': 'Не удалось удалить учётную запись, данные не удалены',
  'error.email_sending_failed': 'Не удалось отправить письмо',
  'error.no_registered_user': 'нет зарегистрированного пользователя',
  'error.cannot_register_more': 'Нельзя зарегистрировать более одного пользователя.',
  'error.wait_before_retrying': 'Подождите, прежде чем повторить попытку.',
  'error.reset_user_not_found': 'Пользователь с таким адресом эл. почты не найден.',
  'error.reset_token_invalid': 'Этот токен сброса пароля недействителен.',
  'error.invalid_recovery_token': 'Недействительный токен восстановления',
  'error.otp_without_secret': 'Нельзя создать OTP без секрета',
  'error.device_not_verified': 'Не удалось проверить ключ безопасности.',
  'error.webauthn_needs_device': 'Зарегистрируйте хотя бы одно устройство, чтобы включить эти параметры',
  'error.group_reserved_name': 'Зарезервированное название, выберите другое',
  'error.group_name_characters':
    'Используйте только буквы, цифры, дефисы, подчёркивания, пробелы или апострофы',
  'error.only_custom_setting_deletable': 'Удалять можно только настройки, созданные пользователем',
  'error.uri_alone': "Параметр uri должен передаваться отдельно или только вместе с параметром 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Пароль успешно изменён',
  'success.reset_link_sent': 'Мы отправили вам ссылку для сброса пароля!',
  'success.password_reset': 'Ваш пароль сброшен!',
  'success.recovery_email_sent': 'Письмо для восстановления доступа отправлено!',
  'success.device_registered': 'Устройство успешно зарегистрировано',
  // Other texts
  'error.backup_password_missing':
    'Пароль резервных копий не задан: сначала задайте его в разделе Настройки → Резервные копии.',
  'error.backup_password_wrong': 'Текущий пароль резервных копий неверен.',
  'group.all': 'Все',
  'account.invalid_account': '- недопустимый аккаунт -',
  'account.invalid_service': '- недопустимый сервис -',
  // E-mails
  'mail.greeting': 'Здравствуйте, :name!',
  'mail.password_reset.subject': ':app: сброс пароля',
  'mail.password_reset.intro':
    'Вы запросили сброс пароля. Откройте эту ссылку в течение 60 минут, чтобы выбрать новый:',
  'mail.password_reset.action': 'Сбросить пароль',
  'mail.password_reset.ignore':
    'Если вы этого не запрашивали, проигнорируйте это письмо: ваш пароль останется прежним.',
  'mail.webauthn_recovery.subject': ':app: регистрация нового устройства безопасности',
  'mail.webauthn_recovery.intro':
    'Вы потеряли устройство безопасности. Откройте эту ссылку в течение 60 минут, чтобы зарегистрировать новое:',
  'mail.webauthn_recovery.action': 'Зарегистрировать новое устройство безопасности',
  'mail.webauthn_recovery.ignore': 'Если вы этого не запрашивали, проигнорируйте это письмо.',
  // Alerts
  'validation.url': 'Поле :attribute должно быть действительным URL.',
  'alert.new_device.title': 'Новый вход в Twofold',
  'alert.new_device.body':
    'Вход с нового устройства: :browser на :platform, IP-адрес :ip. Если это были не вы, смените пароль.',
  'alert.failed_sign_in.title': 'Неудачный вход в Twofold',
  'alert.failed_sign_in.body':
    'Неудачная попытка входа с IP-адреса :ip. О других неудачах в ближайшие 15 минут сообщений не будет.',
  'alert.token_created.title': 'Новый персональный токен доступа',
  'alert.token_created.body': 'Создан персональный токен доступа «:name».',
  'alert.security_device_added.title': 'Новое устройство безопасности',
  'alert.security_device_added.body': 'К вашей учётной записи привязано новое устройство безопасности.',
  'alert.export.title': 'Учётные записи экспортированы',
  'alert.export.body': 'Ваши учётные записи экспортированы вместе с секретами (формат: :format).',
  'alert.backup_failed.title': 'Плановое резервное копирование не удалось',
  'alert.backup_failed.body':
    'Не удалось записать плановую резервную копию. Проверьте настройки резервного копирования.',
  'error.disk_full':
    'Недостаточно места на диске данных сервера (DATA_DIR): ничего не сохранено. Освободите место и повторите попытку.',
  'alert.clock_skew.title': 'Часы сервера идут неверно',
  'alert.clock_skew.body':
    'Часы сервера расходятся на :offset с устройствами, которые его используют (+ спешат, − отстают). Коды, вычисленные сервером, неверны, пока его время не исправлено (NTP).',
  'alert.clock_skew.gone.title': 'Часы сервера снова идут верно',
  'alert.clock_skew.gone.body': 'Часы сервера снова совпадают с его устройствами.',
  'alert.disk_full.title': 'Диск сервера заполнен',
  'alert.disk_full.body':
    'Диск данных сервера (DATA_DIR) заполнен: новые данные отклоняются, пока не освободится место. Ничего из сохранённого не потеряно.',
  'alert.test.title': 'Тестовое оповещение Twofold',
  'alert.test.body': 'Этот канал работает: Twofold может присылать сюда оповещения.',
  'alert.alerts_changed.title': 'Настройки оповещений изменены',
  'alert.alerts_changed.body':
    'Настройки ваших оповещений изменены (:changes). Если это были не вы, отзовите личные токены доступа и проверьте Настройки, Оповещения.',
  'error.alert_url_password': 'Введите пароль в URL ещё раз: сохранённый относится к прежнему адресу.',
};

/** Russian names of the `:attribute` values, keyed by the English attribute. */
export const ruAttributes: Readonly<Record<string, string>> = {
  account: 'аккаунт',
  algorithm: 'алгоритм',
  counter: 'счётчик',
  credential: 'учётные данные',
  'current password': 'текущий пароль',
  'custom otp': 'пользовательский OTP',
  digits: 'цифры',
  email: 'адрес эл. почты',
  file: 'файл',
  format: 'формат',
  'group id': 'группа',
  icon: 'значок',
  'icon pack': 'набор значков',
  key: 'ключ',
  label: 'метка',
  name: 'имя',
  'otp type': 'тип OTP',
  password: 'пароль',
  'password confirmation': 'подтверждение пароля',
  payload: 'данные',
  period: 'период',
  qrcode: 'QR-код',
  secret: 'секрет',
  service: 'сервис',
  token: 'токен',
  value: 'значение',
  variant: 'вариант',
};
