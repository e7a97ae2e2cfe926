import type { MessageKey } from './messages.en.js';

/**
 * Turkish server messages, phrased like Laravel's Turkish lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const tr: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': ':attribute alanı zorunludur.',
  'validation.present': ':attribute alanı bulunmalıdır.',
  'validation.required_without': ':values yoksa :attribute alanı zorunludur.',
  'validation.string': ':attribute alanı bir metin olmalıdır.',
  'validation.integer': ':attribute alanı bir tam sayı olmalıdır.',
  'validation.numeric': ':attribute alanı bir sayı olmalıdır.',
  'validation.boolean': ':attribute alanı doğru ya da yanlış olmalıdır.',
  'validation.array': ':attribute alanı bir dizi olmalıdır.',
  'validation.email': ':attribute alanı geçerli bir e-posta adresi olmalıdır.',
  'validation.date': ':attribute alanı geçerli bir tarih olmalıdır.',
  'validation.alpha': ':attribute alanı yalnızca harf içermelidir.',
  'validation.in': 'Seçilen :attribute geçersiz.',
  'validation.unique': ':attribute zaten kullanılıyor.',
  'validation.regex': ':attribute alanının biçimi geçersiz.',
  'validation.confirmed': ':attribute alanının onayı eşleşmiyor.',
  'validation.between': ':attribute alanı :min ile :max arasında olmalıdır.',
  'validation.min.numeric': ':attribute alanı en az :min olmalıdır.',
  'validation.min.string': ':attribute alanı en az :min karakter olmalıdır.',
  'validation.max.numeric': ':attribute alanı :max değerinden büyük olmamalıdır.',
  'validation.max.string': ':attribute alanı :max karakterden uzun olmamalıdır.',
  'validation.max.file': ':attribute alanı :max kilobayttan büyük olmamalıdır.',
  'validation.distinct': ':attribute alanında yinelenen bir değer var.',
  'validation.scalar': ':attribute alanı bir metin, sayı ya da mantıksal değer olmalıdır.',
  'validation.file': ':attribute alanı bir dosya olmalıdır.',
  'validation.image': ':attribute alanı bir görüntü olmalıdır.',
  'validation.no_colon': ':attribute alanı iki nokta içermemelidir.',
  'validation.otpauth_uri': ':attribute alanı geçerli bir otpauth URI değil.',
  'validation.base32': ':attribute alanı base32 ile kodlanmış bir metin olmalıdır.',
  'validation.otp_type': ':attribute alanı desteklenmiyor.',
  'validation.uri_label': "URI'nin bir etiketi olmalıdır.",
  'validation.ids': "ID'ler virgülle ayrılmalı, sonda virgül olmamalıdır.",
  'validation.image_format': 'Desteklenen biçimler: jpeg, png, bmp, gif, svg ya da webp.',
  'validation.email_not_found': 'Bu e-posta adresiyle bir hesap bulunamadı.',
  'validation.first_user': 'Zaten kayıtlı bir kullanıcı var',
  'validation.icon_pack': 'Simge paketi sunucuda bulunamadı.',
  'validation.idempotency_key_reused': ':attribute başka bir istek için zaten kullanıldı.',
  'validation.and_more_error': '(ve :count hata daha)',
  'validation.and_more_errors': '(ve :count hata daha)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Çok fazla giriş denemesi. Lütfen :seconds saniye sonra tekrar deneyin.',
  'error.demo_disabled': 'Bu özellik tanıtım modunda devre dışı',
  'error.untrusted_proxy': 'İstek güvenilir bir proxy üzerinden gelmiyor',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'İçerik çok büyük',
  'error.unsupported_media_type': 'Desteklenmeyen ortam türü',
  'error.service_unavailable': 'Hizmet kullanılamıyor',
  'error.method_not_allowed':
    ':method yöntemi :route yolu için desteklenmiyor. Desteklenen yöntemler: :methods.',
  'error.malformed_json': 'Hatalı JSON gövdesi',
  'error.malformed_multipart': 'Hatalı multipart gövdesi',
  'error.too_many_ids': "Sorgu parametresinde çok fazla ID var, en fazla 100'e izin verilir",
  'error.cannot_decipher':
    'Gizli anahtar çözülemiyor. Bunun nedeni genellikle yanlış bir şifreleme anahtarı ya da veritabanında bozulmuş verilerdir.',
  'error.invalid_base32_secret': 'geçerli bir base32 kodlu gizli anahtar değil',
  'error.invalid_otp_parameters': 'geçersiz OTP parametreleri',
  'error.unsupported_otp_type': 'Desteklenmeyen OTP türü',
  'error.unable_to_decrypt_uri': 'URI çözülemiyor',
  'error.qr_not_found': 'Görüntüde QR kodu algılanamadı, görüntüyü kırpmayı deneyin',
  'error.qr_unreadable': 'Okunabilir QR kodu yok',
  'error.migration_unreadable': 'Geçersiz ya da okunamayan :app verisi',
  'error.migration_no_format': 'Veri desteklenen hiçbir biçimle eşleşmiyor',
  'error.migration_encrypted': 'Okunamıyor, veri şifreli görünüyor',
  'error.migration_wrong_password': 'Yanlış parola, :app verisi çözülemiyor',
  'error.migration_unsupported_encryption': 'Desteklenmeyen :app şifreleme ayarları',
  'error.migration_use_export':
    'Bu, okunamayan şifreli :app veritabanına benziyor; hesaplarınızı :app uygulamasından bir dosyaya aktarın ve bunun yerine o dosyayı içe aktarın',
  'error.migration_account_key':
    'Bu Bitwarden dışa aktarımı hesap anahtarınızla şifrelenmiş ve içe aktarılamıyor; parolayla ya da şifrelemeden yeniden dışa aktarın',
  'error.file_upload_failed': 'Dosya yükleme başarısız',
  'error.encryption_failed': 'Şifreleme başarısız, veritabanınız korumasız kalmaya devam ediyor.',
  'error.decryption_failed':
    'Şifre çözme başarısız, veritabanınız hâlâ korunuyor. Bunun nedeni genellikle bir ya da daha fazla hesabın şifreli verilerindeki bir bütünlük sorunudur.',
  'error.password_sign_in_off':
    'Bu sunucuda parola ile oturum açma kapalı: kimlik sağlayıcınızla oturum açın.',
  'error.oidc_unavailable': 'Kimlik sağlayıcısına şu anda ulaşılamıyor. Daha sonra yeniden deneyin.',
  'error.identity_confirmation_required':
    'Bunu görmek için kimliğinizi doğrulayın (parola veya güvenlik anahtarı).',
  'error.token_scope_required':
    'Belirteciniz bunu yapamaz: ":scope" kapsamına ya da daha geniş bir kapsama ihtiyaç var.',
  'error.session_required':
    'Bunu yalnızca oturum açılmış bir oturum yapabilir, kişisel erişim belirteci yapamaz.',
  'error.wrong_password': 'Yanlış parola',
  'error.wrong_current_password': 'Mevcut parola yanlış, hiçbir şey değişmedi',
  'error.user_deletion_failed': 'Kullanıcı hesabı silinemedi, hiçbir veri silinmedi',
  'error.email_sending_failed': 'E-posta gönderilemedi',
  'error.no_registered_user': 'kayıtlı kullanıcı yok',
  'error.cannot_register_more': 'Birden fazla kullanıcı kaydedemezsiniz.',
  'error.wait_before_retrying': 'Lütfen tekrar denemeden önce bekleyin.',
  'error.reset_user_not_found': 'Bu e-posta adresine sahip bir kullanıcı bulamıyoruz.',
  'error.reset_token_invalid': 'Bu parola sıfırlama belirteci geçersiz.',
  'error.invalid_recovery_token': 'Geçersiz kurtarma belirteci',
  'error.otp_without_secret': 'Gizli anahtar olmadan OTP oluşturulamaz',
  'error.device_not_verified': 'Güvenlik cihazı doğrulanamadı.',
  'error.webauthn_needs_device': 'Bu seçenekleri açmak için en az bir cihaz kaydedin',
  'error.group_reserved_name': 'Ayrılmış ad, lütfen başka bir ad seçin',
  'error.group_name_characters':
    'Lütfen yalnızca harf, rakam, tire, alt çizgi, boşluk ya da tek tırnak kullanın',
  'error.only_custom_setting_deletable': 'Yalnızca kullanıcının oluşturduğu ayarlar silinebilir',
  'error.uri_alone':
    "uri parametresi tek başına ya da yalnızca 'custom_otp' parametresiyle birlikte verilmelidir",
  // Success messages that are localised
  'success.password_changed': 'Parola başarıyla değiştirildi',
  'success.reset_link_sent': 'Parola sıfırlama bağlantınızı e-postayla gönderdik!',
  'success.password_reset': 'Parolanız sıfırlandı!',
  'success.recovery_email_sent': 'Hesap kurtarma e-postası gönderildi!',
  'success.device_registered': 'Cihaz başarıyla kaydedildi',
  // Other texts
  'error.backup_password_missing':
    'Yedek parolası belirlenmemiş: önce Ayarlar → Yedekler bölümünden bir parola belirleyin.',
  'error.backup_password_wrong': 'Mevcut yedek parolası yanlış.',
  'group.all': 'Tümü',
  'account.invalid_account': '- geçersiz hesap -',
  'account.invalid_service': '- geçersiz hizmet -',
  // E-mails
  'mail.greeting': 'Merhaba :name,',
  'mail.password_reset.subject': ':app: parolanızı sıfırlayın',
  'mail.password_reset.intro':
    'Parolanızı sıfırlamak istediniz. Yeni bir parola seçmek için bu bağlantıyı 60 dakika içinde açın:',
  'mail.password_reset.action': 'Parolanızı sıfırlayın',
  'mail.password_reset.ignore': 'Bunu siz istemediyseniz bu iletiyi yok sayın: parolanız olduğu gibi kalır.',
  'mail.webauthn_recovery.subject': ':app: yeni bir güvenlik cihazı kaydedin',
  'mail.webauthn_recovery.intro':
    'Bir güvenlik cihazını kaybettiniz. Yeni bir cihaz kaydetmek için bu bağlantıyı 60 dakika içinde açın:',
  'mail.webauthn_recovery.action': 'Yeni bir güvenlik cihazı kaydedin',
  'mail.webauthn_recovery.ignore': 'Bunu siz istemediyseniz bu iletiyi yok sayın.',
  // Alerts
  'validation.url': ':attribute alanı geçerli bir URL olmalıdır.',
  'alert.new_device.title': 'Twofold’a yeni oturum açma',
  'alert.new_device.body':
    'Yeni bir cihazdan oturum açıldı: :platform üzerinde :browser, IP adresi :ip. Bu siz değilseniz parolanızı değiştirin.',
  'alert.failed_sign_in.title': 'Twofold’a başarısız oturum açma',
  'alert.failed_sign_in.body':
    ':ip IP adresinden bir oturum açma başarısız oldu. Sonraki 15 dakikadaki diğer başarısızlıklar bildirilmez.',
  'alert.token_created.title': 'Yeni kişisel erişim belirteci',
  'alert.token_created.body': '":name" adlı bir kişisel erişim belirteci oluşturuldu.',
  'alert.security_device_added.title': 'Yeni güvenlik cihazı',
  'alert.security_device_added.body': 'Hesabınıza yeni bir güvenlik cihazı kaydedildi.',
  'alert.export.title': 'Hesaplar dışa aktarıldı',
  'alert.export.body': 'Hesaplarınız gizli anahtarlarıyla birlikte dışa aktarıldı (biçim: :format).',
  'alert.backup_failed.title': 'Zamanlanmış yedekleme başarısız',
  'alert.backup_failed.body': 'Zamanlanmış yedekleme yazılamadı. Yedekleme ayarlarını kontrol edin.',
  'error.disk_full':
    'Sunucunun veri diskinde (DATA_DIR) yeterli alan yok: hiçbir şey kaydedilmedi. Yer açın ve yeniden deneyin.',
  'alert.clock_skew.title': 'Sunucunun saati yanlış',
  'alert.clock_skew.body':
    'Sunucunun saati, onu kullanan cihazlardan :offset farklı (+ ileri, − geri). Sunucunun hesapladığı kodlar, saati düzeltilene kadar yanlıştır (NTP).',
  'alert.clock_skew.gone.title': 'Sunucunun saati yeniden doğru',
  'alert.clock_skew.gone.body': 'Sunucunun saati yeniden cihazlarıyla uyuşuyor.',
  'alert.disk_full.title': 'Sunucu diski dolu',
  'alert.disk_full.body':
    'Sunucunun veri diski (DATA_DIR) dolu: yer açılana kadar yeni veriler reddediliyor. Kaydedilmiş hiçbir şey kaybolmadı.',
  'alert.test.title': 'Twofold test uyarısı',
  'alert.test.body': 'Bu kanal çalışıyor: Twofold size buradan uyarı gönderebilir.',
  'alert.alerts_changed.title': 'Uyarı ayarları değişti',
  'alert.alerts_changed.body':
    'Uyarı ayarlarınız değiştirildi (:changes). Siz değilseniz, kişisel erişim belirteçlerinizi iptal edin ve Ayarlar, Uyarılar bölümünü kontrol edin.',
  'error.alert_url_password': 'URL’deki parolayı yeniden yazın: kayıtlı parola önceki adrese ait.',
};

/** Turkish names of the `:attribute` values, keyed by the English attribute. */
export const trAttributes: Readonly<Record<string, string>> = {
  account: 'hesap',
  algorithm: 'algoritma',
  counter: 'sayaç',
  credential: 'kimlik bilgisi',
  'current password': 'mevcut parola',
  'custom otp': 'özel OTP',
  digits: 'basamak',
  email: 'e-posta adresi',
  file: 'dosya',
  format: 'biçim',
  'group id': 'grup',
  icon: 'simge',
  'icon pack': 'simge paketi',
  key: 'anahtar',
  label: 'etiket',
  name: 'ad',
  'otp type': 'OTP türü',
  password: 'parola',
  'password confirmation': 'parola onayı',
  payload: 'veri',
  period: 'süre',
  qrcode: 'QR kodu',
  secret: 'gizli anahtar',
  service: 'hizmet',
  token: 'belirteç',
  value: 'değer',
  variant: 'varyant',
};
